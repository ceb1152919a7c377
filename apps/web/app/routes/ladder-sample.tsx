import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LadderPath } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-sample";
import "../features/ladder/ladder.css";

// 天梯试学 (/laddersample): the sample levels of every ladder, open to everyone.
export async function loader({ context }: Route.LoaderArgs) {
  return { samples: await context.services.ladders.samples(context.viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [
    { title: `天梯试学 - ${PRODUCT_NAME}` },
    { name: "description", content: "文史、少儿、新闻三条天梯的试学关卡，不用登录也能学。" },
  ];
}

export default function LadderSampleRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-ladder">
      <h1 className="tj-ladder__title">天梯试学</h1>
      <p className="tj-ladder__lead">
        每条天梯的前几关免费开放：读课文、做练习，不登录也能学，成绩先存在这台设备上。
      </p>
      {d.samples.length === 0 && <p className="tj-empty">还没有试学关卡</p>}
      {d.samples.map(({ ladder, levels }) => (
        <section key={ladder.id} className="tj-section" aria-label={ladder.title}>
          <div className="tj-section__head">
            <h2 className="tj-section__title">{ladder.title}</h2>
            <AppLink className="tj-section__link" to={`/ladder/${ladder.key}`}>
              全部 {ladder.levelCount} 关
            </AppLink>
          </div>
          <LadderPath levels={levels} young={ladder.kind === "young"} />
        </section>
      ))}
      <p className="tj-ladder__links">
        <AppLink to="/ladderintroduce">天梯怎么玩</AppLink>
        <AppLink to="/productDetail/ladder">开通全部关卡</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
