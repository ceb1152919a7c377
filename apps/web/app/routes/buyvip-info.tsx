import { VIP_RIGHTS } from "@tongjian/domain/commerce";
import { LADDER_KIND_LABEL } from "@tongjian/domain/ladder";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/buyvip-info";
import "../features/store/store.css";

// 会员权益 (/buyvip/rights) and 会员内容 (/buyvip/content): what VIP unlocks, from VIP_RIGHTS
// (the rule the gates use); the content page adds examples of each kind from the learning area.
export async function loader({ context, request }: Route.LoaderArgs) {
  const content = new URL(request.url).pathname.startsWith("/buyvip/content");
  if (!content) return { content: false, ladders: [], courses: [], entries: [] } as const;
  const [ladders, kp, entries] = await Promise.all([
    context.services.ladders.list(context.viewer),
    context.services.knowledgePoints.courses(context.viewer),
    context.services.entries.memberExamples(8),
  ]);
  return {
    content: true,
    ladders: ladders.map((l) => ({
      key: l.key,
      kind: l.kind,
      title: l.title,
      levelCount: l.levelCount,
    })),
    courses: kp.courses.slice(0, 6).map((c) => ({ key: c.key, title: c.title, points: c.points })),
    entries,
  } as const;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.content ? "会员内容" : "会员权益"} - ${PRODUCT_NAME}` }];
}

export default function VipInfo({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">{d.content ? "会员内容" : "会员权益"}</h1>
      <p className="tj-store__lead">
        {d.content
          ? "开通会员后，下面这些内容一次解锁，有效期内随时可看可学。"
          : `会员在有效期内享有以下 ${VIP_RIGHTS.length} 项权益，全站一致。`}
      </p>
      <ul className="tj-store__list" data-testid="vip-rights">
        {VIP_RIGHTS.map((r, i) => (
          <li key={r.key} className="tj-store__card">
            <strong>
              {i + 1}. {r.title}
            </strong>
            <p className="tj-store__muted">{r.description}</p>
            {d.content && r.key === "ladder-levels" && d.ladders.length > 0 && (
              <ul className="tj-store__muted">
                {d.ladders.map((l) => (
                  <li key={l.key}>
                    <AppLink to={`/ladder/${l.key}`}>{l.title}</AppLink>（
                    {LADDER_KIND_LABEL[l.kind]}，{l.levelCount} 关）
                  </li>
                ))}
              </ul>
            )}
            {d.content && r.key === "member-entries" && (
              <>
                <p className="tj-store__muted">
                  例如人物、事件、制度的深度词条，页面上标有“会员”字样。
                </p>
                {d.entries.length > 0 && (
                  <ul className="tj-store__muted" data-testid="member-entries">
                    {d.entries.map((e) => (
                      <li key={e.id}>
                        <AppLink to={`/detail/${e.id}`}>{e.name}</AppLink>
                        {e.timeDesc && <span className="tj-store__muted">（{e.timeDesc}）</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
            {d.content && r.key === "full-articles" && (
              <p className="tj-store__muted">
                例如<AppLink to="/ah">历史文章</AppLink>里折叠在“打开 App”之后的部分。
              </p>
            )}
          </li>
        ))}
      </ul>
      {d.content && d.courses.length > 0 && (
        <section className="tj-store__section">
          <h2 className="tj-section__title">另售课程（不含在会员内）</h2>
          <ul className="tj-store__muted">
            {d.courses.map((c) => (
              <li key={c.key}>
                <AppLink to={`/knowledgepoint/product/${c.key}`}>{c.title}</AppLink>（{c.points}{" "}
                课）
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="tj-store__actions">
        <AppLink className="tj-button tj-button--block" to="/buyvip">
          开通会员
        </AppLink>
        <AppLink
          className="tj-button tj-button--ghost tj-button--block"
          to={d.content ? "/buyvip/rights" : "/buyvip/content"}
        >
          {d.content ? "查看会员权益" : "查看会员内容"}
        </AppLink>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
