import type { MyWorks, Work, WorkLikeStatus, WorkList } from "@tongjian/contracts/campaign-works";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import { type WorkOrder, workPath } from "@tongjian/domain/campaign-works";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ActionError, chinaTime, useApiAction } from "../../shell/api-action.tsx";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";

/**
 * The parts of the works pages of 文史奖励 and 作品征集 (decision 46): a work's card and its
 * like button, the list with its orders and pages, the reader's own works with their status,
 * a work's body, and the moderators' queue.
 */

export function WorkStatus({ work }: { work: Work }) {
  return (
    <span className="tj-works__status" data-status={work.status}>
      {work.statusLabel}
    </span>
  );
}

/**
 * Likes are votes: one per reader per work, not taken back. A reader signed out is sent to sign
 * in; the count shown is the server's.
 */
export function LikeButton({ work, campaign }: { work: Work; campaign: CampaignView }) {
  const { api } = usePlatform();
  const action = useApiAction<WorkLikeStatus>();
  const [state, setState] = useState({ liked: work.liked, likes: work.likes });
  const closed = campaign.phase !== "running";
  const like = async () => {
    const r = await action.run(() =>
      api.post<WorkLikeStatus>(`/api/m/works/${campaign.key}/${work.id}/like`, {}),
    );
    if (r) setState(r);
  };
  if (work.status !== "approved") return null;
  return (
    <div className="tj-works__like">
      <button
        type="button"
        className="tj-works__like-button"
        aria-pressed={state.liked}
        disabled={state.liked || work.mine || closed || action.busy}
        onClick={() => void like()}
        data-testid="work-like"
      >
        <span aria-hidden="true">{state.liked ? "♥" : "♡"}</span>
        {state.liked ? "已点赞" : "点赞"}
        <span className="tj-works__like-count">
          {state.likes}
          <span className="tj-visually-hidden"> 个赞</span>
        </span>
      </button>
      <ActionError error={action.error} />
    </div>
  );
}

export function WorkCard({ work, campaign }: { work: Work; campaign: CampaignView }) {
  const cover = work.images[0];
  return (
    <li className="tj-works__card" data-work-id={work.id}>
      <AppLink className="tj-works__card-link" to={workPath(campaign.key, work.id)}>
        {cover ? (
          <img
            className="tj-works__thumb"
            src={cover.thumbUrl}
            alt=""
            width={96}
            height={96}
            loading="lazy"
          />
        ) : null}
        <span className="tj-works__card-text">
          <span className="tj-works__card-title">{work.title}</span>
          {work.excerpt ? <span className="tj-works__excerpt">{work.excerpt}</span> : null}
          <span className="tj-works__meta">
            {work.author.name} · {chinaTime(work.createdAt).slice(5, 10)}
            {work.images.length > 1 ? ` · ${work.images.length} 张图` : ""}
          </span>
        </span>
      </AppLink>
      <LikeButton work={work} campaign={campaign} />
    </li>
  );
}

const ORDERS: [WorkOrder, string][] = [
  ["newest", "最新"],
  ["popular", "最多赞"],
];

/** The approved works: newest or most liked, ten a page. */
export function WorkListSection({
  campaign,
  works,
  order,
  submitLink,
}: {
  campaign: CampaignView;
  works: WorkList;
  order: WorkOrder;
  /** Where the invitation to submit the first work leads. */
  submitLink: string;
}) {
  const base = campaign.path;
  const href = (o: WorkOrder, page = 1) => `${base}?order=${o}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <section aria-labelledby="tj-works-list" className="tj-works__section">
      <h2 id="tj-works-list" className="tj-section__title">
        作品（{works.total}）
      </h2>
      <nav aria-label="作品排序">
        <ul className="tj-works__orders">
          {ORDERS.map(([o, label]) => (
            <li key={o}>
              <AppLink to={href(o)} aria-current={order === o ? "page" : undefined}>
                {label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {works.list.length === 0 ? (
        <div className="tj-works__empty" data-testid="works-empty">
          <p>{works.page > 1 ? "这一页没有作品了。" : "还没有通过审核的作品，来投第一份稿吧。"}</p>
          {campaign.phase === "running" ? (
            <AppLink className="tj-button" to={submitLink}>
              我要投稿
            </AppLink>
          ) : null}
        </div>
      ) : (
        <ul className="tj-works__list" data-testid="works-list">
          {works.list.map((w) => (
            <WorkCard key={w.id} work={w} campaign={campaign} />
          ))}
        </ul>
      )}
      {works.page > 1 || works.hasMore ? (
        <nav aria-label="翻页" className="tj-works__pages">
          {works.page > 1 ? <AppLink to={href(order, works.page - 1)}>上一页</AppLink> : null}
          <span>第 {works.page} 页</span>
          {works.hasMore ? <AppLink to={href(order, works.page + 1)}>下一页</AppLink> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The reader's own works, pending and rejected ones too, with their status. */
export function MyWorksSection({ mine, campaign }: { mine: MyWorks; campaign: CampaignView }) {
  if (!mine.signedIn || mine.list.length === 0) return null;
  return (
    <section aria-labelledby="tj-works-mine" className="tj-works__section">
      <h2 id="tj-works-mine" className="tj-section__title">
        我的投稿
      </h2>
      <ul className="tj-works__mine" data-testid="my-works">
        {mine.list.map((w) => (
          <li key={w.id} data-work-id={w.id}>
            <AppLink to={workPath(campaign.key, w.id)}>{w.title}</AppLink>
            <WorkStatus work={w} />
            {w.status === "rejected" && w.reason ? (
              <p className="tj-works__reason">未通过的理由：{w.reason}</p>
            ) : null}
            {w.status === "pending" ? (
              <p className="tj-works__meta">审核通过后会公开展示，一般在 2 个工作日内完成。</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A work's title, author, status, text (paragraphs at line breaks) and images. */
export function WorkBody({ work, campaign }: { work: Work; campaign: CampaignView }) {
  const paragraphs = work.text.split(/\n+/).filter((p) => p.trim());
  return (
    <article className="tj-works__article" data-testid="work-detail">
      <h1 className="tj-works__title">{work.title}</h1>
      <p className="tj-works__meta">
        {work.author.name} · {chinaTime(work.createdAt)} 投稿
        {work.status !== "approved" ? (
          <>
            {" · "}
            <WorkStatus work={work} />
          </>
        ) : null}
      </p>
      {work.status === "rejected" && work.reason ? (
        <p className="tj-works__reason" role="note">
          未通过的理由：{work.reason}
        </p>
      ) : null}
      {work.status === "pending" ? (
        <p className="tj-works__note" role="note">
          这件作品正在审核，目前只有你能看到。
        </p>
      ) : null}
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={i} className="tj-works__paragraph">
          {p}
        </p>
      ))}
      {work.images.length > 0 ? (
        <ul className="tj-works__images" aria-label="作品图片">
          {work.images.map((img, i) => (
            <li key={img.id}>
              <a href={img.url} target="_blank" rel="noreferrer">
                <img
                  src={img.url}
                  alt={`${work.title} 第 ${i + 1} 张图`}
                  width={img.width}
                  height={img.height}
                  loading={i < 2 ? "eager" : "lazy"}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <LikeButton work={work} campaign={campaign} />
    </article>
  );
}

function ModerationItem({ work, campaignKey }: { work: Work; campaignKey: string }) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const action = useApiAction<Work>();
  const [reason, setReason] = useState("");
  const decide = async (verdict: "approve" | "reject") => {
    const done = await action.run(() =>
      api.post<Work>(`/api/m/works/${campaignKey}/moderation`, {
        workId: work.id,
        action: verdict,
        ...(verdict === "reject" ? { reason } : {}),
      }),
    );
    if (done) void revalidator.revalidate();
  };
  const reasonId = `tj-reason-${work.id}`;
  return (
    <li className="tj-works__review" data-work-id={work.id}>
      <AppLink to={workPath(campaignKey, work.id)} className="tj-works__card-title">
        {work.title}
      </AppLink>
      <p className="tj-works__meta">
        {work.author.name} · {chinaTime(work.createdAt)} · {work.images.length} 张图
      </p>
      {work.excerpt ? <p className="tj-works__excerpt">{work.excerpt}</p> : null}
      {work.images.length > 0 ? (
        <ul className="tj-works__review-images" aria-label="作品图片">
          {work.images.map((img, i) => (
            <li key={img.id}>
              <img src={img.thumbUrl} alt={`第 ${i + 1} 张`} width={64} height={64} />
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={reasonId} className="tj-works__label">
        不通过的理由（不通过时必填，作者可见）
      </label>
      <input
        id={reasonId}
        className="tj-works__input"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="tj-works__actions">
        <button
          type="button"
          className="tj-button"
          disabled={action.busy}
          onClick={() => void decide("approve")}
        >
          通过
        </button>
        <button
          type="button"
          className="tj-button tj-button--ghost"
          disabled={action.busy || !reason.trim()}
          onClick={() => void decide("reject")}
        >
          不通过
        </button>
      </div>
      <ActionError error={action.error} />
    </li>
  );
}

/** Moderators see the works waiting for review on the activity's page. */
export function ModerationSection({
  pending,
  campaignKey,
}: {
  pending: Work[] | null;
  campaignKey: string;
}) {
  if (pending === null) return null;
  return (
    <section
      aria-labelledby="tj-works-review"
      className="tj-works__section"
      data-testid="works-moderation"
    >
      <h2 id="tj-works-review" className="tj-section__title">
        待审核（{pending.length}）
      </h2>
      {pending.length === 0 ? (
        <p className="tj-empty">没有待审核的作品</p>
      ) : (
        <ul className="tj-works__reviews">
          {pending.map((w) => (
            <ModerationItem key={w.id} work={w} campaignKey={campaignKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
