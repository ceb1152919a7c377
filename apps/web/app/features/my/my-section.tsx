import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";

/** A section of /my: a heading, a 全部 link to its full list, and what it holds. */
export function MySection({
  title,
  more,
  moreLabel = "全部",
  testId,
  children,
}: {
  title: string;
  more?: string;
  moreLabel?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="tj-section tj-my-section" data-testid={testId}>
      <div className="tj-section__head">
        <h2 className="tj-section__title">{title}</h2>
        {more && (
          <AppLink className="tj-section__link" to={more} aria-label={`${title}：${moreLabel}`}>
            {moreLabel}
          </AppLink>
        )}
      </div>
      {children}
    </section>
  );
}
