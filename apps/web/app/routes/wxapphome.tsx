import { MINI_PROGRAM_ENTRANCES } from "@tongjian/domain/mini-program-home";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { OpenMiniProgram } from "../features/mini-program/open-mini-program.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import "../features/mini-program/mini-program.css";

// 小程序首页 (/wxapphome): the mini program's home as an H5 page, each of its entrances leading
// to the page of this site that shows the same; and the way into the mini program itself.
export function meta() {
  return [{ title: `小程序首页 - ${PRODUCT_NAME}` }];
}

export default function WxAppHomeRoute() {
  return (
    <main className="tj-mini" data-testid="wxapphome">
      <section className="tj-mini__hero" aria-labelledby="wxapphome-title">
        <h1 id="wxapphome-title">通鉴 · 小程序首页</h1>
        <p>读历史、学文史、每日一签，选一个入口开始。</p>
      </section>
      <nav aria-label="小程序入口">
        <ul className="tj-mini__entrances" data-testid="wxapphome-entrances">
          {MINI_PROGRAM_ENTRANCES.map((e) => (
            <li key={e.key}>
              <AppLink to={e.route} data-testid={`entrance-${e.key}`}>
                <strong>{e.title}</strong>
                <span>{e.summary}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <OpenMiniProgram page="home" label="在微信小程序中打开" testId="wxapphome-open" />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
