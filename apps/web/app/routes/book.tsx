import { bookListPath, isBookKey, readerPath } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { BookRows, BooksNav, ListCards } from "../features/books/book-parts.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/book";
import "../features/books/books.css";

// 书籍 (/book/*): /book alone is the library (books by category, the most read, the lists);
// /book/{key} is a book with its table of contents. Anything else is the 404 screen.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const rest = (params["*"] ?? "").replace(/\/$/, "");
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (rest === "")
    return { kind: "library", library: await context.services.books.library(), origin } as const;
  if (!isBookKey(rest)) throw notFound("这本书不存在");
  const detail = await orNotFound(context.services.books.book(rest), "这本书不存在");
  return { kind: "book", detail, origin } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `书籍 - ${PRODUCT_NAME}` }];
  if (d.kind === "library")
    return seoMeta({
      origin: d.origin,
      path: "/book",
      title: "书库",
      description: "经史子集与蒙学读物，按类别浏览，在线阅读四书、诗经、三字经等经典原文。",
      type: "website",
    });
  const { book } = d.detail;
  return seoMeta({
    origin: d.origin,
    path: `/book/${book.key}`,
    title: `${book.title}（${book.author}）`,
    description: book.intro,
    type: "article",
  });
}

export default function BookRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "library") {
    const { library } = d;
    return (
      <main className="tj-books">
        <h1 className="tj-books__title">书库</h1>
        <BooksNav current="library" />
        {library.popular.length > 0 && (
          <section className="tj-section" aria-labelledby="tj-books-popular">
            <h2 className="tj-section__title" id="tj-books-popular">
              热门在读
            </h2>
            <BookRows books={library.popular} empty="还没有人在读" />
          </section>
        )}
        {library.categories.length === 0 && <p className="tj-empty">书库还没有书</p>}
        {library.categories.map((c) => (
          <section key={c.name} className="tj-section" aria-label={c.name}>
            <h2 className="tj-section__title">{c.name}</h2>
            <BookRows books={c.books} empty="这一类还没有书" />
          </section>
        ))}
        <section className="tj-section" aria-labelledby="tj-books-lists">
          <div className="tj-section__head">
            <h2 className="tj-section__title" id="tj-books-lists">
              书单
            </h2>
            <AppLink className="tj-section__link" to={bookListPath()}>
              全部书单
            </AppLink>
          </div>
          <ListCards lists={library.lists.slice(0, 3)} />
        </section>
      </main>
    );
  }
  const { book, toc, lists } = d.detail;
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">{book.title}</h1>
      <p className="tj-books__meta">
        {book.period} · {book.author} · {book.category}
      </p>
      <p className="tj-books__lead">{book.intro}</p>
      <div className="tj-books__actions">
        {toc.length > 0 && (
          <AppLink className="tj-button" to={readerPath(book.key)}>
            开始阅读
          </AppLink>
        )}
        {book.workId && (
          <AppLink className="tj-button tj-button--ghost" to={`/detail/${book.workId}`}>
            作品词条
          </AppLink>
        )}
      </div>
      <section className="tj-section" aria-labelledby="tj-book-toc">
        <h2 className="tj-section__title" id="tj-book-toc">
          目录
        </h2>
        {toc.length === 0 ? (
          <p className="tj-empty">这本书暂无可在线阅读的原文，可先看作品词条。</p>
        ) : (
          <ol className="tj-toc">
            {toc.map((c) => (
              <li key={c.position}>
                <AppLink to={readerPath(book.key, c.position)}>
                  <span>{c.title}</span>
                  <span className="tj-toc__chars">{c.chars} 字</span>
                </AppLink>
              </li>
            ))}
          </ol>
        )}
      </section>
      {lists.length > 0 && (
        <section className="tj-section" aria-labelledby="tj-book-lists">
          <h2 className="tj-section__title" id="tj-book-lists">
            收入书单
          </h2>
          <ListCards lists={lists} />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
