import type { ArtistCard, PaintingCard } from "@tongjian/contracts/painting";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import "./painting.css";

export type PaintingPart = "gallery" | "sort" | "paintboard" | "artboard";

const PARTS: { part: PaintingPart; label: string; to: string }[] = [
  { part: "gallery", label: "名画馆", to: "/painting" },
  { part: "sort", label: "分类", to: "/paintingsort/all" },
  { part: "paintboard", label: "名画榜", to: "/paintbillboard" },
  { part: "artboard", label: "画家榜", to: "/artbillboard" },
];

/** The paintings area's tabs. */
export function PaintingNav({ current }: { current?: PaintingPart }) {
  return (
    <nav className="tj-paint__nav" aria-label="名画">
      {PARTS.map((p) => (
        <AppLink key={p.part} to={p.to} aria-current={p.part === current ? "page" : undefined}>
          {p.label}
        </AppLink>
      ))}
    </nav>
  );
}

export function artistLine(p: PaintingCard): string {
  return p.artists.length > 0 ? p.artists.map((a) => a.name).join("、") : (p.attribution ?? "佚名");
}

/** Paintings as a grid of cards, each its small picture, title, artist, dynasty and format. */
export function PaintingGrid({ list }: { list: PaintingCard[] }) {
  if (list.length === 0) return <p className="tj-empty">这里还没有名画。</p>;
  return (
    <ul className="tj-paint__grid">
      {list.map((p) => (
        <li key={p.id}>
          <AppLink className="tj-paint__card" to={`/painting/${p.id}`}>
            <img className="tj-paint__thumb" src={p.thumb} alt="" loading="lazy" decoding="async" />
            <span className="tj-paint__card-body">
              <span className="tj-paint__card-title">{p.title}</span>
              <span className="tj-paint__meta">
                {p.dynasty} · {artistLine(p)}
              </span>
              <span className="tj-paint__meta">
                {p.format} · {p.medium}
              </span>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** A ranked list of paintings. */
export function PaintingRanks({
  list,
  unit,
}: {
  list: (PaintingCard & { rank: number; score: number })[];
  unit: string;
}) {
  if (list.length === 0) return <p className="tj-empty">榜单还是空的。</p>;
  return (
    <ol className="tj-paint__rank">
      {list.map((p) => (
        <li key={p.id}>
          <AppLink className="tj-paint__rank-item" to={`/painting/${p.id}`}>
            <span className="tj-paint__rank-no">{p.rank}</span>
            <img className="tj-paint__rank-thumb" src={p.thumb} alt="" loading="lazy" />
            <span className="tj-paint__rank-body">
              <span className="tj-paint__card-title">{p.title}</span>
              <span className="tj-paint__meta">
                {p.dynasty} · {artistLine(p)}
              </span>
            </span>
            <span className="tj-paint__score">
              {p.score} {unit}
            </span>
          </AppLink>
        </li>
      ))}
    </ol>
  );
}

/** A ranked list of artists. */
export function ArtistRanks({
  list,
  unit,
}: {
  list: (ArtistCard & { rank: number; score: number })[];
  unit: string;
}) {
  if (list.length === 0) return <p className="tj-empty">榜单还是空的。</p>;
  return (
    <ol className="tj-paint__rank">
      {list.map((a) => (
        <li key={a.id}>
          <AppLink className="tj-paint__rank-item" to={`/artist/${a.id}`}>
            <span className="tj-paint__rank-no">{a.rank}</span>
            {a.preview ? (
              <img className="tj-paint__rank-thumb" src={a.preview} alt="" loading="lazy" />
            ) : null}
            <span className="tj-paint__rank-body">
              <span className="tj-paint__card-title">{a.name}</span>
              <span className="tj-paint__meta">
                {a.dynasty} · 名画 {a.paintingCount} 幅
              </span>
            </span>
            <span className="tj-paint__score">
              {a.score} {unit}
            </span>
          </AppLink>
        </li>
      ))}
    </ol>
  );
}

/** 分享: the app's or WeChat's own share, the system share sheet, or the copied link. */
export function ShareButton({ title }: { title: string }) {
  const { env } = usePlatform();
  const [notice, setNotice] = useState<string | null>(null);
  const share = async () => {
    const url = window.location.href;
    if (env.isNativeApp) setNotice("点右上角的分享按钮，把这幅画分享出去");
    else if (env.isWeixin) setNotice("点右上角「…」，发送给朋友或分享到朋友圈");
    else if (typeof navigator.share === "function") {
      await navigator.share({ title, url }).catch(() => {});
    } else {
      try {
        await navigator.clipboard.writeText(url);
        setNotice("链接已复制，可以粘贴给朋友");
      } catch {
        setNotice(`复制这个链接分享：${url}`);
      }
    }
  };
  return (
    <>
      <button type="button" className="tj-button tj-button--ghost" onClick={share}>
        分享
      </button>
      {notice && (
        <span className="tj-paint__notice" role="status">
          {notice}
        </span>
      )}
    </>
  );
}
