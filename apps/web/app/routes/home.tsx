import { PRODUCT_NAME, PRODUCT_SLOGAN } from "@tongjian/domain/share-title";
import { ArticleFeed, FEED_PAGE_SIZE } from "../features/content/article-feed.tsx";
import { listedArticles } from "../features/content/article-list.tsx";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import { AppLink } from "../shell/app-link.tsx";
import type { Route } from "./+types/home";
import "./home.css";

export async function loader({ context }: Route.LoaderArgs) {
  const { home } = context.services;
  const [banners, feed, top] = await Promise.all([
    home.banners(),
    home.feedPage({ page: 1, size: FEED_PAGE_SIZE }),
    home.topList({ page: 1, size: 10 }),
  ]);
  // Only what the page shows goes into its HTML and hydration data.
  return {
    banners,
    feed: {
      list: listedArticles(feed.list),
      page: feed.page,
      size: feed.size,
      hasMore: feed.hasMore,
    },
    top: top.list.map(({ id, name, kind, timeDesc, rank }) => ({ id, name, kind, timeDesc, rank })),
  };
}

export function meta() {
  return [
    { title: `${PRODUCT_NAME} - ${PRODUCT_SLOGAN}` },
    { name: "description", content: "通鉴：读中国历史与文化，纵览脉络，洞察因果，把握规律。" },
  ];
}

const AREAS = [
  { to: "/ah", name: "历史文章", hint: "六大栏目" },
  { to: "/insight", name: "洞察", hint: "一问一史" },
  { to: "/relation", name: "关系图谱", hint: "谁和谁有关" },
  { to: "/home/timemap", name: "时空地图", hint: "疆域变迁" },
  { to: "/abpath", name: "人物路径", hint: "从 A 到 B" },
  { to: "/ladder/list", name: "学习天梯", hint: "分级测评" },
  { to: "/group/entry", name: "圈子", hint: "读史同好" },
  { to: "/board", name: "热榜", hint: "七日热度" },
  { to: "/my", name: "我的", hint: "阅读与关注" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, feed, top } = loaderData;
  const hero = banners[0];
  return (
    <main className="tj-home">
      <h1 className="tj-visually-hidden">
        {PRODUCT_NAME}：{PRODUCT_SLOGAN}
      </h1>
      <AppLink to="/search" className="tj-searchbox">
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        搜索人物、朝代、事件、文章
      </AppLink>
      {hero && (
        <section className="tj-banner" aria-label="推荐">
          <div className="tj-banner__track">
            {banners.map((b) => (
              <AppLink key={b.id} to={b.link} className="tj-banner__item">
                <img src={b.imageUrl} alt={b.title} width={750} height={420} />
              </AppLink>
            ))}
          </div>
        </section>
      )}
      <nav className="tj-areas" aria-label="探索">
        {AREAS.map((a) => (
          <AppLink key={a.to} to={a.to} className="tj-areas__item">
            <strong>{a.name}</strong>
            <small>{a.hint}</small>
          </AppLink>
        ))}
      </nav>
      <section className="tj-section">
        <h2 className="tj-section__title">热门词条</h2>
        <ol className="tj-toplist">
          {top.map((item) => (
            <li key={item.id}>
              <AppLink to={`/detail/${item.id}`}>
                <span className="tj-toplist__rank">{item.rank}</span>
                <span className="tj-toplist__name">{item.name}</span>
                <span className="tj-toplist__meta">
                  {KIND_NAMES[item.kind] ?? ""} {item.timeDesc ?? ""}
                </span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>
      <section className="tj-section">
        <h2 className="tj-section__title">最新文章</h2>
        <ArticleFeed first={feed} />
      </section>
    </main>
  );
}
