import { isEntityId } from "@tongjian/domain/entity-id";
import { isOfflineSaveRequest } from "@tongjian/domain/offline-pages";
import {
  previewRelationGroups,
  TIMELINE_DESC_LIMIT,
  TIMELINE_PREVIEW_COUNT,
  WORKS_PAGE_SIZE,
} from "@tongjian/domain/relation-groups";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { truncateText } from "@tongjian/domain/text-length";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { workCategoryInfo } from "@tongjian/domain/work-categories";
import { lazy, type ReactNode, Suspense } from "react";
import { useRevalidator } from "react-router";
import { ArticleList, listedArticles } from "../features/content/article-list.tsx";
import { EntryFactsBox } from "../features/content/entry-facts-box.tsx";
import { EntryHeader } from "../features/content/entry-header.tsx";
import { TEXT_KINDS } from "../features/content/entry-kinds.ts";
import { EntryPoints } from "../features/content/entry-points.tsx";
import { EntryRelations, shownRelation } from "../features/content/entry-relations.tsx";
import { EntrySources } from "../features/content/entry-sources.tsx";
import { EntryTimeline } from "../features/content/entry-timeline.tsx";
import { EntryVerse } from "../features/content/entry-verse.tsx";
import { EntryWorks } from "../features/content/entry-works.tsx";
import { LikeButton } from "../features/content/like-button.tsx";
import { MemberPrompt, MemberTag } from "../features/content/member-entry.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { RecommendationsWhenNear } from "../features/graph/entry-recommendations-near.tsx";
import { familyTreeIdOf } from "../features/graph/family-link.ts";
import { FamilyTreeLink } from "../features/graph/family-tree-link.tsx";
import { useDeviceRead } from "../features/my/use-device-history.ts";
import { mapLinkOf } from "../features/time-map/map-link.ts";
import { AppLink } from "../shell/app-link.tsx";
import { isNotFoundError, notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { useNearView } from "../shell/use-near-view.ts";
import type { Route } from "./+types/detail";

/** The list without an id is a rare page: its component loads with it, not with every entry. */
const PopularEntries = lazy(() =>
  import("../features/content/popular-entries.tsx").then((m) => ({ default: m.PopularEntries })),
);

/** Readers' notes (/words): their code loads when the reader nears the end of the entry. */
const EntryNotes = lazy(() =>
  import("../features/words/entry-notes.tsx").then((m) => ({ default: m.EntryNotes })),
);

/**
 * The 短评 section's place: its code and notes load once it comes within 200 px of view, so
 * an entry's first load and its cached HTML stay as they were.
 */
function NotesWhenNear({ entryId, entryName }: { entryId: string; entryName: string }) {
  const [spot, near] = useNearView<HTMLDivElement>(200);
  return (
    <div ref={spot}>
      {near && (
        <Suspense fallback={<p className="tj-empty">正在加载短评…</p>}>
          <EntryNotes entryId={entryId} entryName={entryName} />
        </Suspense>
      )}
    </div>
  );
}

/** `?seeMore=1` comes from the in-text pop-up's 查看详情: the page opens with every list open. */
function seeMoreFlag(url: URL): boolean {
  const value = url.searchParams.get("seeMore");
  return value !== null && value !== "0" && value !== "false";
}

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = params.id;
  if (!id) {
    // Without an id the route lists the most connected entries.
    const { list } = await context.services.home.topList({ page: 1, size: 50 });
    return { entry: null, list, origin } as const;
  }
  if (!isEntityId(id)) throw notFound();
  // The secondary sections fail on their own: the page still shows the entry.
  const optional = <T,>(part: string, call: Promise<T>) =>
    call.catch((error: unknown) => {
      // An unknown entry is answered by the detail's 404; anything else is worth a line.
      if (!isNotFoundError(error)) console.warn(`词条页 ${id} 的${part}加载失败`, error);
      return null;
    });
  const { entries } = context.services;
  const [entry, relation, timeline, articles, works, paintingLinks, points] = await Promise.all([
    // The service worker's copy for offline reading counts no second view (decision 16).
    orNotFound(
      entries.detail(id, {
        countView: !isOfflineSaveRequest(request.headers),
        // A signed-in reader's read goes in their history on /my.
        reader: ownerIdOf(context.viewer),
      }),
    ),
    optional("关系", entries.relations(id)),
    optional("时间轴", entries.timeline(id)),
    optional("相关文章", entries.articles(id)),
    optional("作品", entries.worksPage({ id, page: 1, size: WORKS_PAGE_SIZE })),
    optional("名画", context.services.paintings.linksOf(id)),
    // 相关知识点: read from an index kept per content version, not per page.
    optional("相关知识点", context.services.knowledgePoints.ofEntry(id)),
  ]);
  // Only what the page shows goes into the HTML (and its hydration data): a busy entry has
  // hundreds of relations, and their summaries would double the page. Relations and timeline
  // ship their previews and sizes; 查看全部 fetches the rest (all of it with ?seeMore).
  const { facts: raw, ...shown } = entry;
  const seeMore = seeMoreFlag(url);
  return {
    entry: shown,
    description: seoDescription(entry.summary),
    schema: schemaOf(entry.kind, raw, entry.factList),
    relations: relation
      ? previewRelationGroups(relation.relations.map(shownRelation), seeMore)
      : null,
    timeline: timeline
      ? {
          total: timeline.list.length,
          // The lines show two lines of text (CSS): longer summaries are cut before they ship.
          list: (seeMore ? timeline.list : timeline.list.slice(0, TIMELINE_PREVIEW_COUNT)).map(
            (item) => ({ ...item, desc: truncateText(item.desc, TIMELINE_DESC_LIMIT) }),
          ),
        }
      : null,
    articles: articles && listedArticles(articles),
    works,
    // 名画: the painting page of a painting's work entry, or the artist page of a painter.
    paintingLinks: paintingLinks ?? {},
    points: points?.map((p) => ({ id: p.id, title: p.title, eraLabel: p.eraLabel })) ?? [],
    seeMore,
    familyId: familyTreeIdOf(entry, raw, relation?.relations.map((r) => r.type) ?? null),
    // 在地图上看: a plain link to the time map at the entry's year and place (no map code here).
    mapLink: mapLinkOf({
      id: entry.id,
      kind: entry.kind,
      startYear: entry.startYear,
      endYear: entry.endYear,
      facts: raw,
    }),
    list: [],
    origin,
    // Who reads decides where the read is kept: the server, or this device (features/my).
    signedIn: context.viewer.kind !== "anonymous",
  } as const;
}

const SCHEMA_TYPES: Record<string, string> = {
  person: "Person",
  regime: "Organization",
  event: "Event",
  place: "Place",
  poem: "CreativeWork",
  classic: "Chapter",
};

/**
 * The JSON-LD type of an entry, and for a work its makers: a book is a Book, a painting a
 * Painting (work-categories.ts), with the creators the facts box links to as its authors.
 */
function schemaOf(
  kind: string,
  raw: Record<string, unknown>,
  factList: { label: string; items: { name: string; id?: string }[] }[],
) {
  if (kind !== "work") return { type: SCHEMA_TYPES[kind] ?? "Thing", authors: [] };
  const info = workCategoryInfo(raw.category);
  const makers = factList.find((f) => f.label === info.creatorLabel)?.items ?? [];
  return {
    type: info.schemaType,
    authors: makers.flatMap((m) => (m.id ? [{ name: m.name, id: m.id }] : [])),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.entry) return [{ title: `词条 - ${PRODUCT_NAME}` }];
  const e = d.entry;
  const authors = d.schema.authors.map((a) => ({
    "@type": "Person",
    name: a.name,
    url: `${d.origin}/detail/${a.id}`,
  }));
  return seoMeta({
    origin: d.origin,
    path: `/detail/${e.id}`,
    title: e.name,
    description: d.description,
    image: e.imageUrl,
    type: e.kind === "person" ? "profile" : "article",
    jsonLd: {
      "@type": d.schema.type,
      name: e.name,
      alternateName: e.aliases,
      description: d.description,
      inLanguage: "zh-CN",
      image: new URL(e.imageUrl, d.origin).toString(),
      ...(authors.length > 0 ? { author: authors } : {}),
    },
  });
}

function Section({
  title,
  id,
  children,
  extra,
}: {
  title: string;
  id: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <section className="tj-section" aria-labelledby={id} id={`${id}-section`}>
      <div className="tj-section__head">
        <h2 className="tj-section__title" id={id}>
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

function SectionError({ what }: { what: string }) {
  const revalidator = useRevalidator();
  return (
    <p className="tj-empty" role="alert">
      {what}加载失败，
      <button type="button" className="tj-link-button" onClick={() => revalidator.revalidate()}>
        点击重试
      </button>
    </p>
  );
}

export default function EntryPage({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  useShare(
    d.entry ? { title: d.entry.name, desc: d.entry.summary, imgUrl: d.entry.imageUrl } : null,
  );
  useDeviceRead(d.entry ? d.signedIn : false, {
    kind: "entry",
    id: d.entry?.id ?? null,
    title: d.entry?.name ?? "",
  });
  if (!d.entry)
    return (
      <Suspense fallback={null}>
        <PopularEntries list={d.list} linkTo={(id) => `/detail/${id}`} />
      </Suspense>
    );
  const { entry, relations, timeline, articles, works, seeMore } = d;
  const isText = TEXT_KINDS.has(entry.kind);
  return (
    // A new entry starts with its own lists collapsed (or open, with seeMore).
    <main className="tj-entry" key={`${entry.id}-${seeMore}`}>
      <EntryHeader entry={entry} time={!isText}>
        <p className="tj-entryhead__meta">
          {entry.member && <MemberTag />}
          {entry.viewNumShow} 阅读
        </p>
      </EntryHeader>
      {isText ? (
        <EntryVerse entry={entry} />
      ) : (
        <>
          <p className="tj-entry__summary">{entry.summary}</p>
          {entry.locked && <MemberPrompt path={`/detail/${entry.id}`} />}
          <EntryFactsBox facts={entry.factList} expanded={seeMore} />
        </>
      )}
      <LikeButton itemId={entry.id} type="entry" initialCount={entry.likeNum} />
      {(d.paintingLinks.painting || d.paintingLinks.artist) && (
        <AppLink
          className="tj-section__link"
          to={
            d.paintingLinks.painting
              ? `/painting/${d.paintingLinks.painting}`
              : `/artist/${d.paintingLinks.artist}`
          }
        >
          {d.paintingLinks.painting ? "在名画馆中查看这幅画" : `看${entry.name}的名画`}
        </AppLink>
      )}
      {works && works.total > 0 && (
        <Section title={`作品（${works.total}）`} id="works">
          <EntryWorks entryId={entry.id} first={works} />
        </Section>
      )}
      {!isText && (
        <>
          <Section
            title="时间线"
            id="timeline"
            extra={
              <>
                {d.mapLink && (
                  <AppLink className="tj-section__link" to={d.mapLink}>
                    在地图上看
                  </AppLink>
                )}
                {entry.kind === "regime" && (
                  <AppLink className="tj-section__link" to={`/home/historylist?regime=${entry.id}`}>
                    同时期的世界
                  </AppLink>
                )}
                {entry.kind === "place" && (
                  <AppLink
                    className="tj-section__link"
                    to={`/historicalsite/detail?id=${entry.id}`}
                  >
                    历史遗址
                  </AppLink>
                )}
                <AppLink className="tj-section__link" to={`/timeline/${entry.id}`}>
                  完整时间线
                </AppLink>
              </>
            }
          >
            {timeline ? (
              <EntryTimeline
                entryId={entry.id}
                list={timeline.list}
                total={timeline.total}
                expanded={seeMore}
              />
            ) : (
              <SectionError what="时间线" />
            )}
          </Section>
          <Section
            title="关系"
            id="relations"
            extra={
              <>
                {d.familyId && <FamilyTreeLink personId={d.familyId} />}
                <AppLink className="tj-section__link" to={`/relation?id=${entry.id}`}>
                  关系图谱
                </AppLink>
                <AppLink className="tj-section__link" to={`/abpath?source=${entry.id}`}>
                  关系路径
                </AppLink>
              </>
            }
          >
            {relations ? (
              <EntryRelations entryId={entry.id} groups={relations} expanded={seeMore} />
            ) : (
              <SectionError what="关系" />
            )}
          </Section>
          <RecommendationsWhenNear
            key={entry.id}
            entryId={entry.id}
            title={entry.kind === "person" ? "相关人物推荐" : "相关推荐"}
          />
        </>
      )}
      {(!isText || (articles && articles.length > 0)) && (
        <Section title="相关文章" id="articles">
          {articles ? <ArticleList articles={articles} /> : <SectionError what="相关文章" />}
        </Section>
      )}
      {d.points.length > 0 && (
        <Section title="相关知识点" id="knowledge-points">
          <EntryPoints points={d.points} />
        </Section>
      )}
      <EntrySources sources={entry.sources} />
      <NotesWhenNear key={entry.id} entryId={entry.id} entryName={entry.name} />
    </main>
  );
}
