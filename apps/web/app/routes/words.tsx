import { NOTE_SORT_LABELS, NOTE_SORTS, readNoteSort } from "@tongjian/domain/entry-notes";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { NoteStream, WORDS_PAGE_SIZE } from "../features/words/note-stream.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/words";

// /words (字词): readers' short notes on entries, newest or most liked first. A note is written
// on its entry's page; here they are read, liked and reported.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const sort = readNoteSort(url.searchParams.get("sort"));
  const first = await context.services.words.list(
    { sort, page: 1, size: WORDS_PAGE_SIZE },
    context.viewer,
  );
  return {
    sort,
    first,
    description: seoDescription(
      `${PRODUCT_NAME}读者写在词条上的短评，共 ${first.total} 条，可按最新或最多赞浏览。`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `字词 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.sort === "new" ? "/words" : `/words?sort=${d.sort}`,
    title: `字词：读者短评（${NOTE_SORT_LABELS[d.sort]}）`,
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: "读者短评", inLanguage: "zh-CN" },
  });
}

export default function Words({ loaderData }: Route.ComponentProps) {
  const { sort, first } = loaderData;
  return (
    <main className="tj-article tj-words">
      <h1 className="tj-article__title">字词 · 读者短评</h1>
      <p className="tj-words__hint">
        共 {first.total} 条。想写一条？打开任意词条，在页尾的“短评”里写下你的看法（200 字以内）。
      </p>
      <nav className="tj-words__sorts" aria-label="排序">
        {NOTE_SORTS.map((s) => (
          <AppLink
            key={s}
            className="tj-words__sort"
            to={s === "new" ? "/words" : `/words?sort=${s}`}
            aria-current={s === sort ? "page" : undefined}
          >
            {NOTE_SORT_LABELS[s]}
          </AppLink>
        ))}
      </nav>
      <NoteStream key={sort} sort={sort} first={first} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
