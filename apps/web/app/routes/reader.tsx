import { isBookKey } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { redirect } from "react-router";
import { loadAhead } from "../features/books/chapter-ahead.ts";
import { ReaderScreen } from "../features/books/reader-screen.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/reader";
import "../features/books/books.css";

// 阅读器 (/reader?book={key}&chapter={n}): one chapter in continuous scroll. Without a chapter,
// a signed-in reader opens where their account says they were; others where their device says
// (the page moves there once it runs). `at` (0–1) opens a bookmark's place in the chapter.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const key = url.searchParams.get("book");
  // Without a book the reader has nothing to open: 在线读书 lists what the reader was reading.
  if (key === null || key === "") throw redirect("/onlinebook");
  if (!isBookKey(key)) throw notFound("这本书不存在");
  const { books } = context.services;
  const detail = await orNotFound(books.book(key), "这本书不存在");
  const asked = url.searchParams.get("chapter");
  if (asked !== null && !/^[1-9]\d{0,4}$/.test(asked)) throw notFound("这一章不存在");
  const signedIn = context.viewer.kind === "user";
  const saved = signedIn ? await books.progress(context.viewer, key) : null;
  const position = asked !== null ? Number(asked) : (saved?.position ?? 1);
  const chapter = await orNotFound(
    books.chapter(key, position),
    detail.toc.length === 0 ? "这本书暂无可在线阅读的原文" : "这一章不存在",
  );
  const at = Number(url.searchParams.get("at"));
  return {
    chapter,
    toc: detail.toc,
    signedIn,
    explicit: asked !== null,
    saved,
    jump: url.searchParams.has("at") && at >= 0 && at <= 1 ? at : null,
    bookmarks: signedIn ? await books.bookmarks(context.viewer, key) : [],
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

// In the browser: a chapter fetched ahead of a page turn opens without waiting on the network.
export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return loadAhead(request.url, serverLoader);
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `阅读器 - ${PRODUCT_NAME}` }];
  const { chapter } = d;
  return seoMeta({
    origin: d.origin,
    path: `/reader?book=${chapter.book.key}&chapter=${chapter.position}`,
    title: `${chapter.book.title}·${chapter.title}`,
    description: chapter.paragraphs.join("").slice(0, 90),
    type: "article",
  });
}

export default function ReaderRoute({ loaderData: d }: Route.ComponentProps) {
  // A new chapter is a new reading: its place, restored or not, starts afresh.
  return <ReaderScreen key={`${d.chapter.book.key}-${d.chapter.position}`} {...d} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
