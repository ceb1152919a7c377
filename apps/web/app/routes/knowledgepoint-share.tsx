import { pointRef } from "@tongjian/contracts/knowledge-points";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { KpNav, PointRows, QrImage } from "../features/knowledge-points/kp-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/knowledgepoint-share";
import "../features/books/books.css";
import "../features/knowledge-points/knowledge-points.css";

/** A share description is at most 100 characters. */
const DESC_MAX = 100;

// 知识点分享 (/knowledgepoint/share?id=): a point to pass on, with a QR code of its page and a
// card picture; in the app and in WeChat the page's share payload is set.
export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = url.searchParams.get("id") ?? "";
  const kp = context.services.knowledgePoints;
  if (!raw) return { kind: "all", list: await kp.list(context.viewer) } as const;
  if (!pointRef.safeParse(raw).success) throw notFound("这个知识点不存在");
  const { point } = await orNotFound(kp.page(context.viewer, raw), "这个知识点不存在");
  return {
    kind: "one",
    point: {
      id: point.id,
      title: point.title,
      eraLabel: point.eraLabel,
      desc: [...point.lesson.join("")].slice(0, DESC_MAX).join(""),
    },
  } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.kind === "one" ? `分享·${d.point.title}` : "知识点分享";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

function ShareOne({
  point,
}: {
  point: { id: string; title: string; eraLabel: string; desc: string };
}) {
  const path = `/knowledgepoint/details/${point.id}`;
  const card = `/media/learning/point/${point.id}/card.png`;
  useShare({ title: `知识点：${point.title}`, desc: point.desc, imgUrl: card });
  const [status, setStatus] = useState<string | null>(null);
  const share = async () => {
    const url = new URL(path, window.location.href).toString();
    try {
      if (navigator.share) {
        await navigator.share({ title: point.title, text: point.desc, url });
        setStatus("已打开分享");
        return;
      }
      await navigator.clipboard.writeText(`${point.title} ${url}`);
      setStatus("链接已复制，粘贴给朋友即可");
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setStatus("无法自动分享，请手动复制地址栏中的链接");
    }
  };
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">分享知识点</h1>
      <p className="tj-books__meta">{point.eraLabel}</p>
      <h2 className="tj-section__title">{point.title}</h2>
      <p className="tj-books__lead">{point.desc}</p>
      <QrImage path={path} label="扫码阅读这个知识点" />
      <p className="tj-kp__hint">在微信中长按二维码可识别或保存。</p>
      <button type="button" className="tj-button tj-button--block" onClick={() => void share()}>
        分享给朋友
      </button>
      {status && (
        <p className="tj-form__ok" role="status">
          {status}
        </p>
      )}
      <div className="tj-kp__actions">
        <a className="tj-button tj-button--ghost" href={card} download={`${point.title}.png`}>
          保存分享卡片
        </a>
        <AppLink className="tj-button tj-button--ghost" to={path}>
          回到知识点
        </AppLink>
      </div>
    </main>
  );
}

export default function KnowledgePointShare({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "one") return <ShareOne point={d.point} />;
  return (
    <main className="tj-books tj-kp">
      <h1 className="tj-books__title">分享知识点</h1>
      <KpNav current={null} />
      <p className="tj-books__lead">选一个知识点，生成它的二维码与分享卡片。</p>
      <PointRows points={d.list.points} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
