import { MINI_PROGRAM_ENTRANCES } from "@tongjian/domain/mini-program-home";
import {
  MINI_PROGRAM_PAGE_KEYS,
  MINI_PROGRAM_PAGES,
  type MiniProgramPageKey,
} from "@tongjian/domain/mini-program-pages";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { OpenMiniProgram } from "../features/mini-program/open-mini-program.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/openxcx";
import "../features/mini-program/mini-program.css";

// 打开小程序 (/openxcx): what the mini program offers and a button that opens it (WeChat's open
// tag inside WeChat, else the URL scheme the server makes); ?page=ladder opens that page.
export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("page");
  const page: MiniProgramPageKey = MINI_PROGRAM_PAGE_KEYS.find((k) => k === asked) ?? "home";
  return { page };
}

export function meta() {
  return [{ title: `打开小程序 - ${PRODUCT_NAME}` }];
}

export default function OpenXcxRoute({ loaderData: { page } }: Route.ComponentProps) {
  const offers = MINI_PROGRAM_ENTRANCES.filter((e) => e.miniPage !== null);
  return (
    <main className="tj-mini" data-testid="openxcx">
      <section className="tj-mini__hero" aria-labelledby="openxcx-title">
        <h1 id="openxcx-title">通鉴小程序</h1>
        <p>不用下载App，在微信里就能读历史、学文史、每天打卡。</p>
        <OpenMiniProgram
          page={page}
          label={page === "home" ? "打开小程序" : `打开小程序 · ${MINI_PROGRAM_PAGES[page].title}`}
        />
      </section>
      <section aria-labelledby="openxcx-offers">
        <h2 id="openxcx-offers" className="tj-section__title">
          小程序里有什么
        </h2>
        <ul className="tj-mini__offers" data-testid="openxcx-offers">
          {offers.map((e) => (
            <li key={e.key}>
              <strong>{e.title}</strong>：{e.summary}
            </li>
          ))}
        </ul>
        <p>
          没有安装微信，或暂时打不开？
          <AppLink to="/wxapphome">先看看网页版</AppLink>
        </p>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
