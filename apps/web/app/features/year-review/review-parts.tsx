import type { CampaignView } from "@tongjian/contracts/campaigns";
import type { ReviewShareResult, YearReviewView } from "@tongjian/contracts/year-review";
import type { ReviewEdition } from "@tongjian/domain/year-review";
import { useRef, useState } from "react";
import { ActionError, useApiAction } from "../../shell/api-action.tsx";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform, useShare } from "../../shell/platform.tsx";
import { CampaignNav } from "../campaigns/campaign-parts.tsx";
import { monthsChart, ReviewChartView, readsChart } from "./review-chart-view.tsx";

// 天梯周年's own parts (decision 43): the links between its pages, the swipeable cards, the
// summary poster and sharing a snapshot of the parts the reader chose.

export function ReviewNav({ edition, current }: { edition: ReviewEdition; current: string }) {
  return (
    <CampaignNav
      current={current}
      links={[
        [`/${edition}`, "活动首页"],
        [`/${edition}/hint`, "说明"],
        [`/${edition}/swiper`, "年度卡片"],
        [`/${edition}/result`, "我的年报"],
      ]}
    />
  );
}

type Review = NonNullable<YearReviewView["review"]>;
type Card = YearReviewView["cards"][number];

/** The chart a card carries, where looking beats reading. */
function CardChart({ card, review }: { card: Card; review: Review }) {
  if (card.key === "time" && review.minutes > 0)
    return (
      <ReviewChartView
        chart={monthsChart(review.months)}
        label={`每月学习分钟：${review.months.map((m) => `${m.month} ${m.minutes} 分钟`).join("，")}`}
      />
    );
  if (card.key === "reading" && review.months.some((m) => m.reads > 0))
    return (
      <ReviewChartView
        chart={readsChart(review.months)}
        label={`每月新读的文章与词条：${review.months.map((m) => `${m.month} ${m.reads} 篇`).join("，")}`}
      />
    );
  if (card.key === "habit" && review.kinds.length > 1)
    return (
      <ReviewChartView
        chart={{
          kind: "kinds",
          points: review.kinds.map((k) => ({ label: k.label, value: k.minutes })),
        }}
        label={`学习时间的分布：${review.kinds.map((k) => `${k.label} ${k.minutes} 分钟`).join("，")}`}
      />
    );
  return null;
}

/**
 * The cards, side by side in a strip that snaps: a thumb swipes, the buttons step, and the
 * position is announced. Native scrolling keeps it light and works without the script.
 */
export function CardsSwiper({
  view,
  review,
  resultPath,
}: {
  view: YearReviewView;
  review: Review;
  resultPath: string;
}) {
  const strip = useRef<HTMLOListElement>(null);
  const [index, setIndex] = useState(0);
  const count = view.cards.length;
  const go = (to: number) => {
    const el = strip.current;
    const next = Math.max(0, Math.min(count - 1, to));
    el?.children[next]?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start" });
    setIndex(next);
  };
  const onScroll = () => {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  return (
    <section className="tj-review__swiper" aria-roledescription="轮播" aria-label="年度卡片">
      <ol
        ref={strip}
        className="tj-review__strip"
        onScroll={onScroll}
        data-testid="review-cards"
        data-voice={view.voice}
      >
        {view.cards.map((card, i) => (
          <li
            key={card.key}
            className="tj-review__card"
            aria-roledescription="卡片"
            aria-label={`第 ${i + 1} 张，共 ${count} 张：${card.heading}`}
            data-card={card.key}
          >
            <h2 className="tj-review__card-heading">{card.heading}</h2>
            <p className="tj-review__figure">{card.figure}</p>
            {card.lines.map((line) => (
              <p key={line} className="tj-review__line">
                {line}
              </p>
            ))}
            <CardChart card={card} review={review} />
            {i === count - 1 ? (
              <AppLink className="tj-button" to={resultPath} data-testid="review-to-result">
                生成我的年报
              </AppLink>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="tj-review__controls">
        <button
          type="button"
          className="tj-button tj-button--ghost"
          onClick={() => go(index - 1)}
          disabled={index === 0}
        >
          上一张
        </button>
        <span role="status" data-testid="review-position">
          {index + 1} / {count}
        </span>
        <button
          type="button"
          className="tj-button tj-button--ghost"
          onClick={() => go(index + 1)}
          disabled={index >= count - 1}
          data-testid="review-next"
        >
          下一张
        </button>
      </div>
    </section>
  );
}

/** The numbers of a (shared or own) review, as a poster. Missing parts are simply not shown. */
export function ReviewPoster({
  name,
  title,
  from,
  to,
  ladderTitle,
  study,
  reading,
}: {
  name: string;
  title: string;
  from: string;
  to: string;
  ladderTitle: string;
  study: {
    studyDays: number;
    minutes: number;
    answered: number;
    accuracy: number | null;
    checkins: number;
    longestStreak: number;
    ladderPassed: number;
    ladderPoints: number;
    challengeRounds: number;
    challengeBest: number;
    months: { month: string; minutes: number }[];
  } | null;
  reading: { entries: number; articles: number; top: string[] } | null;
}) {
  return (
    <article className="tj-review__poster" data-testid="review-poster">
      <p className="tj-review__poster-who">{name} 的读史年报</p>
      <p className="tj-campaign__meta">
        {from} 至 {to}
      </p>
      <p className="tj-review__poster-title" data-testid="review-title">
        {title}
      </p>
      {study ? (
        <>
          <dl className="tj-review__stats" data-testid="review-study">
            <div>
              <dt>学习天数</dt>
              <dd>{study.studyDays}</dd>
            </div>
            <div>
              <dt>学习分钟</dt>
              <dd data-testid="review-minutes">{study.minutes}</dd>
            </div>
            <div>
              <dt>答题</dt>
              <dd>{study.answered}</dd>
            </div>
            <div>
              <dt>正确率</dt>
              <dd>{study.accuracy === null ? "—" : `${study.accuracy}%`}</dd>
            </div>
            <div>
              <dt>{ladderTitle}过关</dt>
              <dd>{study.ladderPassed}</dd>
            </div>
            <div>
              <dt>最长连续</dt>
              <dd>{study.longestStreak} 天</dd>
            </div>
          </dl>
          <p className="tj-campaign__meta">
            打卡 {study.checkins} 天 · 积分 {study.ladderPoints} · 限时挑战 {study.challengeRounds}{" "}
            次{study.challengeRounds > 0 ? `（最高 ${study.challengeBest} 分）` : ""}
          </p>
          {study.minutes > 0 ? (
            <ReviewChartView
              chart={monthsChart(study.months)}
              label={`每月学习分钟：${study.months.map((m) => `${m.month} ${m.minutes} 分钟`).join("，")}`}
            />
          ) : null}
        </>
      ) : null}
      {reading ? (
        <div data-testid="review-reading">
          <p>
            读了 {reading.articles} 篇文章、{reading.entries} 个词条
          </p>
          {reading.top.length > 0 ? (
            <p className="tj-campaign__meta">
              最爱读：{reading.top.map((t) => `「${t}」`).join("")}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * Sharing a review: the reader picks what to show; the server saves that snapshot and returns
 * the payload whose link opens it. In a plain browser the link is copied.
 */
export function ShareReview({
  edition,
  campaign,
}: {
  edition: ReviewEdition;
  campaign: CampaignView;
}) {
  const { api, env, bridge } = usePlatform();
  const [study, setStudy] = useState(true);
  const [reading, setReading] = useState(true);
  const action = useApiAction<ReviewShareResult>();
  const [done, setDone] = useState<ReviewShareResult | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useShare(done ? done.share : null);
  const share = async () => {
    const parts = [...(study ? ["study"] : []), ...(reading ? ["reading"] : [])];
    if (parts.length === 0) {
      action.setError("请至少选择一项公开内容");
      return;
    }
    const result = await action.run(() =>
      api.post<ReviewShareResult>(`/api/m/review/${edition}/share`, { parts }),
    );
    if (!result) return;
    setDone(result);
    const url = new URL(result.share.link, window.location.href).href;
    if (env.isNativeApp) {
      await bridge.call("shareData", { ...result.share, link: url }).catch(() => {});
      return;
    }
    if (env.isWeixin) {
      setNote("点击右上角“…”，分享给朋友或朋友圈");
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote(`链接已复制：${url}`);
    } catch {
      setNote(`长按复制链接发给好友：${url}`);
    }
  };
  if (campaign.phase !== "running")
    return <p className="tj-campaign__meta">活动{campaign.phaseLabel}，暂不能分享。</p>;
  return (
    <section className="tj-review__share" aria-labelledby="review-share">
      <h2 id="review-share" className="tj-section__title">
        分享我的年报
      </h2>
      <div className="tj-review__parts" role="group" aria-labelledby="review-parts-label">
        <p id="review-parts-label">好友可以看到（点选切换）：</p>
        <button
          type="button"
          className="tj-review__part"
          aria-pressed={study}
          onClick={() => setStudy((v) => !v)}
        >
          学习：时长、答题、天梯、打卡、挑战
        </button>
        <button
          type="button"
          className="tj-review__part"
          aria-pressed={reading}
          onClick={() => setReading((v) => !v)}
        >
          阅读：篇数与最爱读的文章
        </button>
      </div>
      <p className="tj-campaign__meta">
        好友看到的是你分享这一刻的快照；之后的学习不会自动公开，再分享一次即可更新。
      </p>
      <button
        type="button"
        className="tj-button"
        onClick={share}
        disabled={action.busy}
        data-testid="review-share"
      >
        {action.busy ? "正在生成…" : "分享给好友"}
      </button>
      <ActionError error={action.error} />
      {note ? (
        <p className="tj-campaign__copied" role="status" data-testid="review-share-link">
          {note}
        </p>
      ) : null}
      {done ? (
        <AppLink
          to={`/${edition}/resultothers?share=${done.token}`}
          data-testid="review-shared-view"
        >
          看看好友收到的样子
        </AppLink>
      ) : null}
    </section>
  );
}
