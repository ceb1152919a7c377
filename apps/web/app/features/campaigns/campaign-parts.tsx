import type {
  CampaignInvitesView,
  CampaignRankingView,
  CampaignView,
} from "@tongjian/contracts/campaigns";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ActionError, Countdown, chinaTime, useApiAction } from "../../shell/api-action.tsx";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform, useShare } from "../../shell/platform.tsx";

/**
 * The parts every campaign page shares (decision 39): the header with the phase the server
 * decided (预热中, 进行中, 已结束) and its countdown, the rules with the limits and rewards, the
 * share button, the invitation a shared link carries, and the ranking.
 */
export function CampaignHeader({
  campaign,
  children,
}: {
  campaign: CampaignView;
  children?: ReactNode;
}) {
  return (
    <header className="tj-campaign__header" data-phase={campaign.phase}>
      <p className="tj-campaign__phase" data-testid="campaign-phase">
        <span className="tj-campaign__badge">{campaign.phaseLabel}</span>
        {campaign.phase === "upcoming" ? (
          <Countdown endsAt={campaign.startsAt} now={campaign.now} label="距开始" />
        ) : campaign.phase === "running" ? (
          <Countdown endsAt={campaign.endsAt} now={campaign.now} />
        ) : (
          <span>{chinaTime(campaign.closedAt ?? campaign.endsAt).slice(0, 10)} 结束</span>
        )}
      </p>
      <h1 className="tj-campaign__title">{campaign.title}</h1>
      <p className="tj-campaign__summary">{campaign.summary}</p>
      {campaign.phase === "ended" ? (
        <p className="tj-campaign__ended" role="status" data-testid="campaign-ended">
          活动已结束，感谢参与。页面内容仍可查看。
        </p>
      ) : null}
      {children}
    </header>
  );
}

/** The rules page body: the rules, the limits in words, the schedule and the rewards. */
export function CampaignRules({ campaign }: { campaign: CampaignView }) {
  return (
    <section className="tj-campaign__rules" aria-labelledby={`rules-${campaign.key}`}>
      <h2 id={`rules-${campaign.key}`} className="tj-section__title">
        活动规则
      </h2>
      <p className="tj-campaign__meta">
        活动时间：{chinaTime(campaign.startsAt)} 至 {chinaTime(campaign.endsAt)}（北京时间）
      </p>
      <ol className="tj-campaign__rule-list">
        {campaign.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
        {campaign.limitsText.map((line) => (
          <li key={line}>{line}。</li>
        ))}
      </ol>
      {campaign.rewards.length > 0 ? (
        <>
          <h3 className="tj-campaign__subtitle">奖励</h3>
          <ul className="tj-campaign__rewards" data-testid="campaign-rewards">
            {campaign.rewards.map((r) => (
              <li key={r.key} data-granted={r.granted}>
                <span>{r.label}</span>
                <span className="tj-campaign__meta">
                  {r.granted
                    ? "已获得"
                    : r.rank
                      ? r.rank.from === r.rank.to
                        ? `第 ${r.rank.from} 名`
                        : `第 ${r.rank.from}–${r.rank.to} 名`
                      : r.threshold > 0
                        ? `达到 ${r.threshold} 即得`
                        : "参与即得"}
                </span>
              </li>
            ))}
          </ul>
          <p className="tj-campaign__meta">
            奖励发放到登录的账号，每个账号、手机号与微信号各限一份。
          </p>
        </>
      ) : null}
    </section>
  );
}

/**
 * Sharing: WeChat's menu and the app's share button get the payload at once (the link carries
 * the reader as `from`); the button records the share and, in a plain browser, copies the link.
 */
export function ShareCampaign({
  campaign,
  link,
  title,
  desc,
  imgUrl,
  label = "分享给好友",
}: {
  campaign: CampaignView;
  /** Another page than the campaign's own (a card, a result); a path on this site. */
  link?: string;
  title?: string;
  desc?: string;
  imgUrl?: string;
  label?: string;
}) {
  const { api, env, bridge } = usePlatform();
  const payload = {
    title: title ?? campaign.share.title,
    desc: desc ?? campaign.share.desc,
    imgUrl: imgUrl ?? campaign.share.imgUrl,
    link: link ?? campaign.share.link,
  };
  useShare(payload);
  const action = useApiAction<{ link: string }>();
  const [copied, setCopied] = useState<string | null>(null);
  const share = async () => {
    const recorded = await action.run(() =>
      api.post<{ link: string }>(`/api/m/campaign/${campaign.key}/share`, {
        link: payload.link,
      }),
    );
    if (!recorded) return;
    const url = new URL(recorded.link, window.location.href).href;
    if (env.isNativeApp) {
      await bridge.call("shareData", { ...payload, link: url }).catch(() => {});
      return;
    }
    if (env.isWeixin) {
      setCopied("点击右上角“…”，分享给朋友或朋友圈");
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(`链接已复制：${url}`);
    } catch {
      setCopied(`长按复制链接发给好友：${url}`);
    }
  };
  return (
    <div className="tj-campaign__share">
      <button
        type="button"
        className="tj-button"
        onClick={share}
        disabled={action.busy}
        data-testid="campaign-share"
      >
        {action.busy ? "正在生成…" : label}
      </button>
      <ActionError error={action.error} />
      {copied ? (
        <p className="tj-campaign__copied" role="status" data-testid="campaign-share-link">
          {copied}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A friend's shared link carries `from`: once the reader is signed in, the engine records who
 * brought them (once; the first inviter wins).
 */
export function useInviteCapture(campaign: CampaignView) {
  const { api } = usePlatform();
  // (useLocation rather than useSearchParams: the latter would add its code to every page's shell.)
  const from = new URLSearchParams(useLocation().search).get("from");
  const sent = useRef(false);
  useEffect(() => {
    if (!from || sent.current || !campaign.me.signedIn || campaign.phase !== "running") return;
    sent.current = true;
    api
      .post(`/api/m/campaign/${campaign.key}/invite`, { from })
      .catch((error: unknown) => console.warn("记录邀请失败", error));
  }, [api, from, campaign.key, campaign.me.signedIn, campaign.phase]);
}

/** The ranking list, with the reader's own place under it. */
export function CampaignRanking({
  ranking,
  scoreLabel,
  formatScore = (n) => String(n),
  emptyText = "还没有人上榜，快来参与吧。",
}: {
  ranking: CampaignRankingView;
  scoreLabel: string;
  formatScore?: (score: number, detail: Record<string, unknown> | null) => string;
  /** What an empty ranking says (an ended campaign's differs). */
  emptyText?: string;
}) {
  if (ranking.entries.length === 0)
    return (
      <p className="tj-state" data-testid="campaign-ranking-empty">
        {emptyText}
      </p>
    );
  return (
    <div className="tj-campaign__ranking">
      <ol className="tj-campaign__rank-list" data-testid="campaign-ranking">
        {ranking.entries.map((e) => (
          <li key={e.ownerId} data-me={e.isMe}>
            <span className="tj-campaign__rank">{e.rank}</span>
            <span className="tj-campaign__rank-name">{e.name}</span>
            <span className="tj-campaign__rank-score">
              {formatScore(e.score, e.detail)}
              <span className="tj-visually-hidden">{scoreLabel}</span>
            </span>
          </li>
        ))}
      </ol>
      {ranking.me ? (
        <p className="tj-campaign__me" data-testid="campaign-my-rank">
          我的排名：第 {ranking.me.rank} 名（{scoreLabel}{" "}
          {formatScore(ranking.me.score, ranking.me.detail)}），共 {ranking.total} 人上榜
        </p>
      ) : (
        <p className="tj-campaign__meta">共 {ranking.total} 人上榜</p>
      )}
    </div>
  );
}

/** The friends a reader brought, valid ones marked. */
export function InvitedFriends({ invites }: { invites: CampaignInvitesView }) {
  if (invites.friends.length === 0)
    return <p className="tj-state">还没有好友通过你的链接加入，分享给好友试试。</p>;
  return (
    <ul className="tj-campaign__friends" data-testid="campaign-friends">
      {invites.friends.map((f) => (
        <li key={`${f.name}-${f.joinedAt}`} data-valid={f.valid}>
          <span>{f.name}</span>
          <span className="tj-campaign__meta">
            {chinaTime(f.joinedAt).slice(5)} 加入 · {f.valid ? "有效好友" : "待阅读"}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Links between a campaign's pages. */
export function CampaignNav({ links, current }: { links: [string, string][]; current: string }) {
  return (
    <nav aria-label="活动页面">
      <ul className="tj-pill-nav">
        {links.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to} aria-current={current === to ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
