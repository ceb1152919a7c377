import { isWechatQrPage, WECHAT_QR_PAGES } from "@tongjian/domain/knowledge-points";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { KpNav, QrImage } from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-wechatqr";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

// 伴学群 / 群助手 / 课程咨询 (/knowledgepoint/wechatqrcode/banxue|qzs|sale): what each is, and a QR
// code of the page of ours that opens it (decision 30 lists where each points).
export function loader({ url }: Route.LoaderArgs) {
  const which = url.pathname.replace(/\/$/, "").split("/").at(-1) ?? "";
  if (!isWechatQrPage(which)) throw notFound();
  return { which };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d && isWechatQrPage(d.which) ? WECHAT_QR_PAGES[d.which].title : "二维码";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

export default function WechatQrPage({ loaderData: { which } }: Route.ComponentProps) {
  const { env } = usePlatform();
  if (!isWechatQrPage(which)) return null;
  const page = WECHAT_QR_PAGES[which];
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">{page.title}</h1>
      <KpNav current={null} />
      <p className="tj-books__lead">{page.lead}</p>
      <ul className="tj-kp__links">
        {page.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <QrImage path={page.target} label={`扫码进入${page.title}`} />
      <p className="tj-kp__hint">
        {env.isWeixin
          ? "长按二维码，选择“识别图中二维码”即可进入；也可以保存图片稍后再扫。"
          : "用微信扫一扫二维码即可进入；在微信里打开本页时，长按二维码可识别或保存。"}
      </p>
      <AppLink className="tj-button tj-button--block tj-button--ghost" to={page.target}>
        直接打开
      </AppLink>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
