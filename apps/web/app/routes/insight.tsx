import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { truncateText } from "@tongjian/domain/text-length";
import { listedArticles } from "../features/content/article-list.tsx";
import { InsightCards, insightPath } from "../features/content/insight-cards.tsx";
import { InsightTopic, type ShownTopic } from "../features/content/insight-topic.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/insight";
import "./insight.css";

/** Timeline lines and person cards show two lines of text; longer summaries are cut first. */
const TIMELINE_DESC_LIMIT = 60;
const PERSON_SUMMARY_LIMIT = 44;

// 洞察 (/insight, issue 15 §6): the list of topics, or with `?id=<topic id>` one topic. The spec
// names only the path; the id in the query gives each topic a URL that can be shared.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = url.searchParams.get("id");
  const { insights } = context.services;
  if (id === null) {
    const list = await insights.list();
    return {
      kind: "list" as const,
      topics: list.map(
        ({ id, title, question, era, timeDesc, imageUrl, eventCount, personCount }) => ({
          id,
          title,
          question,
          era,
          timeDesc,
          imageUrl,
          eventCount,
          personCount,
        }),
      ),
      description: seoDescription(
        `${PRODUCT_NAME}洞察：围绕一个问题，用短文、时间线、人物关系和延伸阅读看懂一段历史。共 ${list.length} 个专题：${list.map((t) => t.title).join("、")}。`,
      ),
      origin,
    };
  }
  if (!isEntityId(id)) throw notFound();
  const t = await orNotFound(insights.detail(id), "这个洞察专题不存在或已被删除");
  // Only what the page shows goes into its HTML and hydration data.
  const topic: ShownTopic = {
    id: t.id,
    title: t.title,
    question: t.question,
    era: t.era,
    timeDesc: t.timeDesc,
    essay: t.essay,
    timeline: t.timeline.map((e) => ({ ...e, desc: truncateText(e.desc, TIMELINE_DESC_LIMIT) })),
    people: t.people.map((p) => ({
      id: p.id,
      name: p.name,
      timeDesc: p.timeDesc,
      summary: truncateText(p.summary, PERSON_SUMMARY_LIMIT),
    })),
    relations: t.relations,
    articles: listedArticles(t.articles, { covers: true }),
    entries: t.entries.map(({ id, name, kind }) => ({ id, name, kind })),
  };
  return {
    kind: "topic" as const,
    topic,
    share: { summary: t.summary, imageUrl: t.imageUrl, publishedAt: t.publishedAt },
    description: seoDescription(`${t.question}${t.summary}`),
    origin,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `洞察 - ${PRODUCT_NAME}` }];
  if (d.kind === "list") {
    return seoMeta({
      origin: d.origin,
      path: "/insight",
      title: "洞察",
      description: d.description,
      image: d.topics[0]?.imageUrl ?? null,
      type: "website",
      jsonLd: {
        "@type": "CollectionPage",
        name: "洞察",
        inLanguage: "zh-CN",
        hasPart: d.topics.map((t) => ({
          "@type": "Article",
          headline: t.title,
          url: `${d.origin}${insightPath(t.id)}`,
        })),
      },
    });
  }
  const t = d.topic;
  return seoMeta({
    origin: d.origin,
    path: insightPath(t.id),
    title: t.title,
    description: d.description,
    image: d.share.imageUrl,
    type: "article",
    jsonLd: {
      "@type": "Article",
      headline: t.title,
      description: t.question,
      datePublished: d.share.publishedAt,
      inLanguage: "zh-CN",
      image: new URL(d.share.imageUrl, d.origin).toString(),
      about: t.entries.map((e) => e.name),
      publisher: { "@type": "Organization", name: PRODUCT_NAME },
    },
  });
}

export default function InsightRoute({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  useShare(
    d.kind === "topic"
      ? { title: d.topic.title, desc: d.topic.question, imgUrl: d.share.imageUrl }
      : {
          title: "洞察",
          desc: "围绕一个问题，看懂一段历史",
          imgUrl: d.topics[0]?.imageUrl ?? "/favicon.svg",
        },
  );
  if (d.kind === "topic") {
    return (
      // A new topic starts at its own top, with its own state.
      <main className="tj-article" key={d.topic.id}>
        <InsightTopic topic={d.topic} />
      </main>
    );
  }
  return (
    <main className="tj-article tj-insight-list">
      <h1 className="tj-article__title">洞察</h1>
      <p className="tj-insight-list__lead">
        围绕一个问题，读一篇短文，顺着时间线和人物关系看懂一段历史。
      </p>
      <InsightCards topics={d.topics} />
    </main>
  );
}

/** A list or topic that failed to load says so inside the shell and offers to load it again. */
export function ErrorBoundary() {
  return <RouteErrorState />;
}
