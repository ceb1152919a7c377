import { LADDER_KIND_LABEL, LADDER_KIND_PATH } from "@tongjian/domain/ladder";
import { GRADE_LABEL } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMergeDeviceLadder } from "../features/ladder/use-device-ladder.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-list";
import "../features/ladder/ladder.css";

// 天梯列表 (/ladder/list): every ladder with the reader's progress on it.
export async function loader({ context }: Route.LoaderArgs) {
  return {
    ladders: await context.services.ladders.list(context.viewer),
    signedIn: context.viewer.kind !== "anonymous",
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `天梯列表 - ${PRODUCT_NAME}` }];
}

export default function LadderListRoute({ loaderData: d }: Route.ComponentProps) {
  useMergeDeviceLadder(d.signedIn);
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">天梯</h1>
      <p className="tj-ladder__lead">
        一关一关往上爬：读课文，做练习，答对六成过关，解锁下一关。
        <AppLink to="/ladderintroduce">天梯怎么玩</AppLink>
      </p>
      {d.ladders.length === 0 && <p className="tj-empty">还没有天梯</p>}
      <ul className="tj-ladder__lessons">
        {d.ladders.map((l) => (
          <li key={l.id} className="tj-ladder__lesson" data-testid="ladder-card">
            <AppLink to={`/ladder/${l.key}`}>{l.title}</AppLink>
            <span className="tj-ladder__meta">
              {LADDER_KIND_LABEL[l.kind]} · {GRADE_LABEL[l.grade]} · {l.levelCount} 关
            </span>
            <p>{l.intro}</p>
            <p className="tj-ladder__meta">
              {d.signedIn
                ? `已过 ${l.passedCount}/${l.levelCount} 关 · ${l.stars} 星 · ${l.points} 积分`
                : "登录后记录进度；未登录时试学成绩保存在这台设备上"}
            </p>
          </li>
        ))}
      </ul>
      <p className="tj-ladder__links">
        {Object.entries(LADDER_KIND_PATH).map(([kind, path]) => (
          <AppLink key={kind} to={path}>
            {LADDER_KIND_LABEL[kind as keyof typeof LADDER_KIND_LABEL]}
          </AppLink>
        ))}
        <AppLink to="/laddersample">免费试学</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
