import { editionOfPath, PANORAMA_SUPPORT } from "@tongjian/domain/panorama";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useLocation } from "react-router";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { panoramaPath } from "../features/panorama/panorama-nav.tsx";
import { editionTitleOf, PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-server";

// 全景服务 (/panorama/server, /panorama2022/server): how to use the panoramas, the questions
// readers ask, and how to reach the service.
export function loader({ context, request, url }: Route.LoaderArgs) {
  return { origin: requestOrigin(request, context.hosts.publicOrigin), path: url.pathname };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景服务 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: "全景服务与帮助",
    description: "全景的使用方法、常见问题与联系方式。",
    type: "website",
  });
}

const QUESTIONS: { q: string; a: string }[] = [
  {
    q: "画面一直显示“加载中”或加载失败怎么办？",
    a: "全景图约有几百 KB，网络较慢时需要稍等。加载失败时点“重试”即可重新获取；仍不行，可以先看下方的热点列表，内容与画面中的标记相同。",
  },
  {
    q: "画面是照片吗？",
    a: "不是。每个场景都由本站按史实要点程序绘制，建筑式样和方位只求大体不错，是示意图而非复原图。确切的史实请以词条及其资料来源为准。",
  },
  {
    q: "兑换码从哪里来？",
    a: "兑换码随本站的活动、会员礼包或合作方发放，格式为 12 位字母和数字。请从正规渠道获取，不要购买来历不明的兑换码。",
  },
  {
    q: "提示“兑换码已被使用”或“已过期”？",
    a: "每个兑换码只能使用一次，并有有效期。如果你确认没有用过，请把兑换码和获取途径发给客服，我们会核实处理。",
  },
  {
    q: "换了手机还能看已解锁的场景吗？",
    a: "可以。兑换码绑定在你的账号上，用同一个账号登录后，已解锁的场景在任何设备上都能观看。",
  },
  {
    q: "重力感应没有反应？",
    a: "部分浏览器需要你同意使用动作与方向传感器，有的设备不支持。不支持时拖动画面同样可以环顾四周。",
  },
];

export default function PanoramaServerRoute() {
  const edition = editionOfPath(useLocation().pathname);
  return (
    <PanoramaPage
      edition={edition}
      editionTitle={editionTitleOf(edition)}
      part="server"
      title="服务与帮助"
    >
      <section className="tj-pano-prose" aria-labelledby="tj-pano-howto">
        <h2 id="tj-pano-howto" className="tj-pano-page__h2">
          怎样观看
        </h2>
        <ul className="tj-pano-steps">
          <li>单指拖动画面，向四周和上下环顾；双指开合可以放大、缩小。</li>
          <li>画面下方的按钮可以转向、放大和缩小；在电脑上也可以用方向键。</li>
          <li>打开“重力感应”后，转动手机即可转动视角。</li>
          <li>点按画中的标记，查看那里的人物、事件或地点，再点“查看词条”读详细介绍。</li>
          <li>每个场景下方都有一份热点列表，内容与画中标记相同，读屏软件也能逐条朗读。</li>
        </ul>
        <p>
          <AppLink className="tj-pano-more" to={panoramaPath(edition)}>
            去看全景
          </AppLink>
        </p>
      </section>
      <section aria-labelledby="tj-pano-faq">
        <h2 id="tj-pano-faq" className="tj-pano-page__h2">
          常见问题
        </h2>
        <dl className="tj-pano-faq">
          {QUESTIONS.map(({ q, a }) => (
            <div key={q}>
              <dt>{q}</dt>
              <dd>{a}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="tj-pano-prose" aria-labelledby="tj-pano-contact">
        <h2 id="tj-pano-contact" className="tj-pano-page__h2">
          联系客服
        </h2>
        <p>
          邮箱：<a href={`mailto:${PANORAMA_SUPPORT.email}`}>{PANORAMA_SUPPORT.email}</a>（
          {PANORAMA_SUPPORT.hours}回复）。反馈兑换问题时，请附上兑换码和获取途径。
        </p>
      </section>
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
