import { isBookKey } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { BookRows, BooksNav, ListCards } from "../features/books/book-parts.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/book-list";
import "../features/books/books.css";

// 书单 (/book/list/*): /book/list (and /book/list/all, where the hub links) is every list;
// /book/list/{key} one list with its books.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const rest = (params["*"] ?? "").replace(/\/$/, "");
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (rest === "" || rest === "all")
    return { kind: "all", lists: await context.services.books.lists(), origin } as const;
  if (!isBookKey(rest)) throw notFound("这个书单不存在");
  const detail = await orNotFound(context.services.books.list(rest), "这个书单不存在");
  return { kind: "one", detail, origin } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `书单 - ${PRODUCT_NAME}` }];
  if (d.kind === "all")
    return seoMeta({
      origin: d.origin,
      path: "/book/list",
      title: "书单",
      description: `按主题编排的书单：${d.lists.map((l) => l.title).join("、")}。`,
      type: "website",
    });
  return seoMeta({
    origin: d.origin,
    path: `/book/list/${d.detail.list.key}`,
    title: `书单·${d.detail.list.title}`,
    description: d.detail.list.blurb,
    type: "article",
  });
}

export default function BookListRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "all")
    return (
      <main className="tj-books">
        <h1 className="tj-books__title">书单</h1>
        <BooksNav current="lists" />
        <p className="tj-books__lead">按主题挑出的几本书，配上读法建议，照着读不迷路。</p>
        <ListCards lists={d.lists} />
      </main>
    );
  const { list, books } = d.detail;
  return (
    <main className="tj-books">
      <BooksNav current="lists" />
      <p className="tj-books__meta">书单 · {list.theme}</p>
      <h1 className="tj-books__title">{list.title}</h1>
      <p className="tj-books__lead">{list.blurb}</p>
      <BookRows books={books} empty="这个书单还没有书" />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
