import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { BookRow } from "../features/books/book-parts.tsx";
import { DonationProgress, PledgeMessage, usePledge } from "../features/books/pledge.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/donatebooks-booklist";
import "../features/books/books.css";

// 捐书书单 (/donatebooks/booklist): the books each partner school library (samples) wants, how
// many are pledged, and a pledge button for each.
export async function loader({ context }: Route.LoaderArgs) {
  return { donation: await context.services.books.donation(context.viewer) };
}

export function meta() {
  return [{ title: `捐书书单 - ${PRODUCT_NAME}` }];
}

export default function DonateBooklistRoute({ loaderData: d }: Route.ComponentProps) {
  const { data, busy, message, pledge } = usePledge(d.donation);
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">捐书书单</h1>
      <p className="tj-books__lead">合作学校图书馆列出的需求，每本认捐后由活动统一采购寄送。</p>
      <PledgeMessage message={message} />
      {data.booklist.length === 0 ? (
        <p className="tj-empty">书单还在整理中</p>
      ) : (
        <ul className="tj-book-list">
          {data.booklist.map((w) => (
            <BookRow
              key={`${w.school.key}-${w.book.key}`}
              book={{
                ...w.book,
                intro: `${w.school.name} 需要 ${w.count} 本，已认捐 ${w.pledged} 本`,
              }}
              side={
                <button
                  type="button"
                  className="tj-button"
                  disabled={busy !== null || w.pledged >= w.count}
                  aria-label={`认捐《${w.book.title}》给${w.school.name}`}
                  onClick={() =>
                    void pledge({ kind: "book", book: w.book.key }, `《${w.book.title}》一本`)
                  }
                >
                  {w.pledged >= w.count ? "已满" : busy === w.book.key ? "…" : "认捐"}
                </button>
              }
            />
          ))}
        </ul>
      )}
      <DonationProgress data={data} />
      <AppLink className="tj-button tj-button--block tj-button--ghost" to="/donatebooks">
        返回活动页
      </AppLink>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
