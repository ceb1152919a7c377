import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useRef } from "react";
import { useDpadFocus } from "../features/campaign-days/dpad-focus.ts";
import { TvApprove, TvSignIn } from "../features/campaign-days/tv-sign-in.tsx";
import { requestOrigin } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/tvhelp";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

// 电视版帮助 (/tvhelp): how to open the site on a TV or a big screen, which remote keys do what,
// and how to sign in there; the page itself moves focus with the arrow keys like a D-pad.
export async function loader({ context, request }: Route.LoaderArgs) {
  const pair = new URL(request.url).searchParams.get("pair");
  return {
    origin: requestOrigin(request, context.hosts.publicOrigin),
    signedIn: context.viewer.kind === "user",
    pair: pair && /^[\w-]{43}$/.test(pair) ? pair : null,
  };
}

export function meta() {
  return [{ title: `电视版帮助 - ${PRODUCT_NAME}` }];
}

const KEYS: [key: string, what: string][] = [
  [
    "方向键 ↑ ↓ ← →",
    "在链接和按钮之间移动，当前位置有一圈醒目的框；到页面边缘时继续按会滚动页面。",
  ],
  ["确认键（OK）", "打开选中的链接，或按下选中的按钮。"],
  ["返回键", "回到上一页。"],
  ["菜单键", "打开电视浏览器自己的菜单（各品牌不同），通常可以刷新、缩放或添加书签。"],
  ["音量键", "调节朗读、音乐和视频的音量。"],
  ["数字键", "在登录页输入手机号和验证码。"],
];

export default function TvHelpRoute({
  loaderData: { origin, signedIn, pair },
}: Route.ComponentProps) {
  const root = useRef<HTMLElement>(null);
  useDpadFocus(root);
  const host = origin.replace(/^https?:\/\//, "");
  return (
    <main
      ref={root}
      className="tj-campaign tj-day tj-tv-help"
      data-theme="changan"
      data-testid="tv-help"
    >
      <header className="tj-day__head">
        <h1 className="tj-campaign__title">电视版帮助</h1>
        <p className="tj-campaign__summary">
          在电视或投影上看{PRODUCT_NAME}：字更大，适合一家人一起读历史、看画、听曲。
        </p>
      </header>
      {pair ? <TvApprove code={pair} signedIn={signedIn} /> : null}
      <nav aria-label="本页目录">
        <ul className="tj-pill-nav">
          <li>
            <a href="#tv-open">打开方式</a>
          </li>
          <li>
            <a href="#tv-keys">遥控器按键</a>
          </li>
          <li>
            <a href="#tv-login">扫码与登录</a>
          </li>
          <li>
            <a href="#tv-faq">常见问题</a>
          </li>
        </ul>
      </nav>

      <section id="tv-open" aria-labelledby="tv-open-h">
        <h2 id="tv-open-h" className="tj-section__title">
          一、在电视上打开
        </h2>
        <ol className="tj-campaign__rule-list">
          <li>
            <strong>电视自带浏览器：</strong>在电视的应用列表里打开“浏览器”，用遥控器在地址栏输入{" "}
            <code data-testid="tv-host">{host}</code>
            ，按确认键打开。首次打开后可用浏览器菜单“添加书签”，下次直接从书签进入。
          </li>
          <li>
            <strong>手机投屏：</strong>手机和电视连同一个
            Wi-Fi。安卓手机在下拉菜单里找“无线投屏”或“多屏互动”，iPhone
            在控制中心点“屏幕镜像”（电视需支持 AirPlay）。投屏后在手机上操作，电视同步显示。
          </li>
          <li>
            <strong>电脑连电视：</strong>用 HDMI 线把电脑接到电视，在电脑浏览器里打开本站，按 F11
            进入全屏。
          </li>
        </ol>
        <p className="tj-campaign__meta">
          页面太小时，用浏览器菜单里的“缩放”放大到 125% 或 150%，排版会自动适应。
        </p>
      </section>

      <section id="tv-keys" aria-labelledby="tv-keys-h">
        <h2 id="tv-keys-h" className="tj-section__title">
          二、遥控器按键
        </h2>
        <table className="tj-tv-help__keys" data-testid="tv-keys">
          <caption className="tj-visually-hidden">遥控器按键与作用</caption>
          <thead>
            <tr>
              <th scope="col">按键</th>
              <th scope="col">作用</th>
            </tr>
          </thead>
          <tbody>
            {KEYS.map(([key, what]) => (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="tj-campaign__meta">
          用键盘也一样：方向键或 Tab
          键移动，回车键确认。本页就可以试一试：按方向键，焦点框会在目录、链接和按钮之间移动。
        </p>
      </section>

      <section id="tv-login" aria-labelledby="tv-login-h">
        <h2 id="tv-login-h" className="tj-section__title">
          三、扫码与登录
        </h2>
        <h3 className="tj-campaign__subtitle">在电视上扫码登录</h3>
        <ol className="tj-campaign__rule-list">
          <li>在电视上打开本页，选中下面的“显示登录二维码”，按确认键。</li>
          <li>用已登录通鉴的手机（微信或相机）扫电视上的二维码，在手机上点“确认登录电视”。</li>
          <li>几秒后电视自动完成登录，会员权益、阅读记录和收藏与手机上相同。</li>
        </ol>
        <TvSignIn signedIn={signedIn} />
        <h3 className="tj-campaign__subtitle">其他登录方式</h3>
        <ol className="tj-campaign__rule-list">
          <li>
            <strong>电视浏览器里输入验证码：</strong>打开 <AppLink to="/login">登录页</AppLink>
            ，用遥控器的数字键输入手机号，选“获取验证码”，再输入手机收到的短信验证码。
          </li>
          <li>
            <strong>手机投屏时：</strong>
            先在手机上登录，投到电视上的就是已登录的页面。手机上还没打开本站？扫下面的二维码。
          </li>
          <li>
            <strong>公共场所的电视：</strong>用完后在“我的”页面退出登录。
          </li>
        </ol>
        <figure className="tj-day-card">
          <img
            src="/media/learning/qr.svg?path=%2F"
            alt={`本站地址 ${host} 的二维码`}
            width={160}
            height={160}
            data-testid="tv-qr"
          />
          <figcaption className="tj-campaign__meta">用手机扫一扫，在手机上打开本站。</figcaption>
        </figure>
      </section>

      <section id="tv-faq" aria-labelledby="tv-faq-h">
        <h2 id="tv-faq-h" className="tj-section__title">
          四、常见问题
        </h2>
        <details className="tj-day-card">
          <summary className="tj-link-button">按方向键没有反应？</summary>
          <p>
            先按一次确认键让页面获得焦点；个别电视浏览器把方向键当作鼠标指针移动，这时把指针移到链接上再按确认键即可。
          </p>
        </details>
        <details className="tj-day-card">
          <summary className="tj-link-button">音乐和视频没有声音？</summary>
          <p>电视浏览器要求先操作一次才能出声：选中播放按钮按确认键开始播放，再用音量键调节。</p>
        </details>
        <details className="tj-day-card">
          <summary className="tj-link-button">电视上的浏览器打不开页面？</summary>
          <p>较旧的电视浏览器可能不支持本站用到的网页技术。可以改用手机投屏或电脑连接的方式。</p>
        </details>
      </section>
      <p>
        <AppLink className="tj-button tj-button--ghost" to="/">
          返回首页
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
