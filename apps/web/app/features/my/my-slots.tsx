import type { MySlot } from "@tongjian/contracts/my";
import { AppLink } from "../../shell/app-link.tsx";

/**
 * The sections of /my that later features fill (orders, study progress), from the registry in
 * packages/services/src/my/my-slots.ts: each says what it will hold until it holds something.
 */
export function MySlots({ slots, signedIn }: { slots: readonly MySlot[]; signedIn: boolean }) {
  return (
    <>
      {slots.map((slot) => (
        <section key={slot.key} className="tj-section tj-my-slot" data-slot={slot.key}>
          <div className="tj-section__head">
            <h2 className="tj-section__title">{slot.title}</h2>
            {slot.moreHref && slot.items.length > 0 && (
              <AppLink className="tj-section__link" to={slot.moreHref}>
                全部
              </AppLink>
            )}
          </div>
          {slot.items.length > 0 ? (
            <ul className="tj-my-slot__items">
              {slot.items.map((item) => (
                <li key={item.href}>
                  <AppLink to={item.href} className="tj-my-slot__link">
                    <strong>{item.title}</strong>
                    {item.meta && <small>{item.meta}</small>}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tj-my-empty">
              <span className="tj-my-slot__badge">
                {!slot.ready ? "即将开放" : signedIn ? "暂无" : "登录后显示"}
              </span>
              {slot.emptyText}
            </p>
          )}
        </section>
      ))}
    </>
  );
}
