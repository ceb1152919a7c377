import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  formatTime,
  LearnRecordNav,
  SignInState,
  Stars,
} from "../features/ladder/ladder-parts.tsx";
import { useMergeDeviceLadder } from "../features/ladder/use-device-ladder.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-points";
import "../features/ladder/ladder.css";

// 积分列表: /wenshiladder/pointslist is the reader's 积分 per level with the totals;
// /wenshiladder/pointslistnew the 积分 as they came, newest first, with this week's.
export async function loader({ context, url }: Route.LoaderArgs) {
  const newest = url.pathname.endsWith("/pointslistnew");
  if (context.viewer.kind === "anonymous") return { signedIn: false as const, newest };
  return {
    signedIn: true as const,
    newest,
    points: await context.services.ladders.points(context.viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `我的积分 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LadderPointsRoute({ loaderData: d }: Route.ComponentProps) {
  useMergeDeviceLadder(d.signedIn);
  const tabs = (
    <ul className="tj-ladder__tabs">
      <li>
        <AppLink to="/wenshiladder/pointslist" aria-current={d.newest ? undefined : "page"}>
          按关卡
        </AppLink>
      </li>
      <li>
        <AppLink to="/wenshiladder/pointslistnew" aria-current={d.newest ? "page" : undefined}>
          最新积分
        </AppLink>
      </li>
    </ul>
  );
  if (!d.signedIn)
    return (
      <main className="tj-ladder">
        <h1 className="tj-ladder__title">我的积分</h1>
        <LearnRecordNav current="/wenshiladder/pointslist" />
        <SignInState what="登录后，天梯每一关的积分都记在账号里。" />
      </main>
    );
  const { points } = d;
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">我的积分</h1>
      <LearnRecordNav current="/wenshiladder/pointslist" />
      <dl className="tj-ladder__summary" aria-label="积分合计">
        <div>
          <dt>总积分</dt>
          <dd data-testid="points-total">{points.total}</dd>
        </div>
        <div>
          <dt>本周</dt>
          <dd>{points.week}</dd>
        </div>
        <div>
          <dt>今天</dt>
          <dd>{points.today}</dd>
        </div>
      </dl>
      <nav aria-label="积分视图">{tabs}</nav>
      {d.newest ? (
        points.entries.length === 0 ? (
          <p className="tj-empty">还没有积分，去天梯闯一关吧</p>
        ) : (
          <ul className="tj-ladder__table" aria-label="积分明细">
            {points.entries.map((e) => (
              <li key={e.id}>
                <span>
                  {e.ladderTitle} · {e.levelTitle}
                  <br />
                  <span className="tj-ladder__meta">
                    {e.reason === "pass" ? "首次过关奖励" : "成绩提高"} · {formatTime(e.at)}
                  </span>
                </span>
                <span className="tj-ladder__gain">+{e.points}</span>
              </li>
            ))}
          </ul>
        )
      ) : points.levels.length === 0 ? (
        <p className="tj-empty">
          还没有积分，<AppLink to="/wenshiladder">去文史天梯闯一关</AppLink>
        </p>
      ) : (
        <ul className="tj-ladder__table" aria-label="各关积分">
          {points.levels.map((l) => (
            <li key={l.levelKey}>
              <span>
                <AppLink to={`/ladder/${l.ladderKey}/${l.levelKey}`}>{l.levelTitle}</AppLink>
                <br />
                <span className="tj-ladder__meta">
                  {l.ladderTitle} · {l.passed ? "已过关" : "未过关"} <Stars stars={l.stars} />
                </span>
              </span>
              <span className="tj-ladder__gain">{l.points}</span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
