import type { BookCard, ProgressItem } from "@tongjian/contracts/books";
import { readerPath } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useMemo, useState } from "react";
import { BookRows, BooksNav, ListCards } from "../features/books/book-parts.tsx";
import { readDevice } from "../features/books/device-reading.ts";
import { useMergeDeviceReading } from "../features/books/use-merge-device.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/onlinebook";
import "../features/books/books.css";

// 在线读书 (/onlinebook): continue reading (the account's places, or the device's), the
// books that can be read here, the most read, and the lists.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { books } = context.services;
  const library = await books.library();
  const signedIn = context.viewer.kind === "user";
  return {
    library,
    signedIn,
    progress: signedIn ? await books.progressList(context.viewer) : [],
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `在线读书 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/onlinebook",
    title: "在线读书",
    description: "在线阅读论语、孟子、诗经、三字经等经典原文，记住读到哪里，按书单慢慢读。",
    type: "website",
  });
}

function ContinueReading({ items }: { items: ProgressItem[] }) {
  if (items.length === 0) return <p className="tj-empty">还没有在读的书，从下面挑一本开始吧。</p>;
  return (
    <ul className="tj-book-list" aria-label="继续阅读">
      {items.map((p) => (
        <li key={p.book}>
          <AppLink className="tj-book-row" to={readerPath(p.book, p.position)}>
            <span className="tj-book-spine" aria-hidden="true">
              {p.title}
            </span>
            <span className="tj-book-row__body">
              <span className="tj-book-row__title">{p.title}</span>
              <span className="tj-book-row__meta">
                {" "}
                读到第 {p.position}/{p.total} 章{p.chapterTitle ? `·${p.chapterTitle}` : ""}
              </span>
            </span>
            <span className="tj-book-row__side tj-button">继续</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export default function OnlineBookRoute({ loaderData: d }: Route.ComponentProps) {
  const all: BookCard[] = useMemo(() => d.library.categories.flatMap((c) => c.books), [d.library]);
  const readable = all.filter((b) => b.chapterCount > 0);
  const [device, setDevice] = useState<ProgressItem[] | null>(null);
  useMergeDeviceReading(d.signedIn);
  // A reader without an account: the places their device keeps, once the page runs.
  useEffect(() => {
    if (d.signedIn) return;
    const byKey = new Map(all.map((b) => [b.key, b]));
    const places = readDevice().places;
    setDevice(
      Object.entries(places)
        .flatMap(([key, p]) => {
          const book = byKey.get(key);
          return book
            ? [{ book: key, ...p, title: book.title, chapterTitle: "", total: book.chapterCount }]
            : [];
        })
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    );
  }, [d.signedIn, all]);
  const progress = d.signedIn ? d.progress : device;
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">在线读书</h1>
      <BooksNav current="online" />
      <section className="tj-section" aria-labelledby="tj-online-continue">
        <h2 className="tj-section__title" id="tj-online-continue">
          继续阅读
        </h2>
        {progress === null ? (
          <p className="tj-empty" role="status">
            正在读取阅读记录…
          </p>
        ) : (
          <ContinueReading items={progress} />
        )}
        {!d.signedIn && (
          <p className="tj-books__meta">未登录时，阅读进度保存在本机；登录后会同步到账号。</p>
        )}
      </section>
      <section className="tj-section" aria-labelledby="tj-online-popular">
        <h2 className="tj-section__title" id="tj-online-popular">
          大家在读
        </h2>
        <BookRows books={d.library.popular} empty="还没有人在读，做第一个吧。" />
      </section>
      <section className="tj-section" aria-labelledby="tj-online-readable">
        <h2 className="tj-section__title" id="tj-online-readable">
          可在线阅读
        </h2>
        <BookRows books={readable} empty="暂时没有可在线阅读的书" />
      </section>
      <section className="tj-section" aria-labelledby="tj-online-lists">
        <h2 className="tj-section__title" id="tj-online-lists">
          书单
        </h2>
        <ListCards lists={d.library.lists} />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
