import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { readTopBoard, TOP_BOARD_NAMES, TOP_BOARDS } from "@tongjian/domain/top-boards";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/home-top";
import "../features/lists/lists.css";

const SHOWN = 30;

// 榜单 (/home/top, issue 18 §2): top lists from the corpus and its readers — the entries read
// most, the people with the most ties, the longest-lived regimes, the poets with the most poems,
// and the boards' 7-day heat. An unknown ?board= opens the first.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const board = readTopBoard(url.searchParams.get("board"));
  const top = await context.services.lists.top(board, SHOWN);
  return {
    top,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `榜单·${top.title}：${top.items
        .slice(0, 5)
        .map((i) => i.name)
        .join("、")}……${top.rule}`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `榜单 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/home/top?board=${d.top.board}`,
    title: `榜单：${d.top.title}`,
    description: d.description,
    type: "website",
    jsonLd: { "@type": "ItemList", name: d.top.title, numberOfItems: d.top.items.length },
  });
}

export default function Top({ loaderData: d }: Route.ComponentProps) {
  const { top } = d;
  return (
    <main className="tj-lists">
      <h1 className="tj-article__title">榜单</h1>
      <nav className="tj-tabs" aria-label="榜单">
        {TOP_BOARDS.map((b) => (
          <AppLink
            key={b}
            className="tj-tabs__tab"
            to={`/home/top?board=${b}`}
            aria-current={b === top.board ? "page" : undefined}
          >
            {TOP_BOARD_NAMES[b]}
          </AppLink>
        ))}
      </nav>
      <h2 className="tj-section__title">{top.title}</h2>
      <p className="tj-lists__note">{top.rule}</p>
      {top.items.length === 0 ? (
        <p className="tj-empty">
          {top.board === "views" || top.board === "hot"
            ? "还没有读者的阅读记录，去首页读几篇吧。"
            : "还没有可排的内容。"}
        </p>
      ) : (
        <ol className="tj-reflist" data-testid="top-list">
          {top.items.map((item) => (
            <li className="tj-reflist__item" key={item.id}>
              <AppLink className="tj-reflist__link" to={`/detail/${item.id}`}>
                <span className="tj-reflist__rank">{item.rank}</span>
                <span className="tj-reflist__name">
                  {item.name}
                  <span className="tj-reflist__sub">
                    {[KIND_NAMES[item.kind], item.timeDesc].filter(Boolean).join(" · ")}
                  </span>
                </span>
                <span className="tj-reflist__meta">{item.valueLabel}</span>
              </AppLink>
            </li>
          ))}
        </ol>
      )}
      {top.board === "hot" && (
        <p className="tj-lists__note">
          帖子与词条合排的完整热榜见<AppLink to="/hotbillboard">热门榜单</AppLink>。
        </p>
      )}
      <p className="tj-lists__note">
        更多统计见<AppLink to="/datapage/detail">数据页</AppLink>。
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
