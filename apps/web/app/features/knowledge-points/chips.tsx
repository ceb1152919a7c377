import type { ChipDeck } from "@tongjian/contracts/knowledge-points";
import { useRef, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { pointHref } from "./kp-parts.tsx";

/** How far (px) a finger must travel sideways for a swipe to turn the card. */
const SWIPE_MIN = 40;

/** 知识碎片: one fact a card, turned by a sideways swipe, the arrow keys or the buttons. */
export function ChipCards({ deck }: { deck: ChipDeck }) {
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const count = deck.cards.length;
  const card = deck.cards[index];
  const go = (step: number) => setIndex((i) => Math.min(count - 1, Math.max(0, i + step)));
  if (!card) return <p className="tj-empty">这里还没有知识碎片</p>;
  return (
    <section className="tj-kp__chips" aria-roledescription="卡片轮播" aria-label={deck.title}>
      <div
        className="tj-kp__chip"
        data-testid="kp-chip"
        data-index={index}
        role="group"
        aria-roledescription="卡片"
        aria-label={`第 ${index + 1} 张，共 ${count} 张`}
        onTouchStart={(e) => {
          startX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const from = startX.current;
          const to = e.changedTouches[0]?.clientX;
          startX.current = null;
          if (from === null || to === undefined) return;
          if (to - from <= -SWIPE_MIN) go(1);
          else if (to - from >= SWIPE_MIN) go(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") go(1);
          if (e.key === "ArrowLeft") go(-1);
        }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the card takes the arrow keys
        tabIndex={0}
      >
        <p className="tj-kp__chip-source">
          {card.source === "lesson" ? "讲解" : "题目解析"} ·{" "}
          <AppLink to={pointHref(card.point)}>{card.point.title}</AppLink>
        </p>
        <p className="tj-kp__chip-text">{card.text}</p>
        <p className="tj-kp__chip-count" aria-live="polite">
          {index + 1} / {count}
        </p>
      </div>
      <div className="tj-kp__actions">
        <button
          type="button"
          className="tj-button tj-button--ghost"
          disabled={index === 0}
          onClick={() => go(-1)}
        >
          上一张
        </button>
        <button
          type="button"
          className="tj-button"
          disabled={index === count - 1}
          onClick={() => go(1)}
        >
          下一张
        </button>
      </div>
      <p className="tj-books__meta">左右滑动卡片也可以翻页。</p>
    </section>
  );
}
