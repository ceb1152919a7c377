import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  CampaignHeader,
  CampaignNav,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { PlayButton } from "../features/music/track-list.tsx";
import { orMissing } from "../features/votes/vote-loaders.server.ts";
import { detailPath, VOTE_NAV } from "../features/votes/vote-pages.ts";
import { useLiveCounts, VoteStanding } from "../features/votes/vote-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wenshisong";
import "../features/campaigns/campaigns.css";
import "../features/votes/votes.css";

const TOP = 3;

// 文史歌曲 (/wenshisong, decision 45): the campaign's landing. What it is, the songs leading
// now (live), every song to listen to, the reader's votes and rewards; voting is on
// /wenshisong/vote, the rules on /wenshisong/rule and /wenshisong/voterule.
export async function loader({ context }: Route.LoaderArgs) {
  const board = await orMissing(
    context.services.votes.board("wenshisong", context.viewer),
    "活动不存在",
  );
  return { board };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.board.campaign.title ?? "文史歌曲"} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.board.campaign.summary ?? "" },
  ];
}

export default function WenshisongRoute({ loaderData: { board } }: Route.ComponentProps) {
  const { campaign } = board;
  useInviteCapture(campaign);
  const live = useLiveCounts("wenshisong", board);
  const tracks = board.candidates.flatMap((c) => (c.piece ? [c.piece] : []));
  const leading = [...board.candidates]
    .sort((a, b) => live.rank(a.id) - live.rank(b.id))
    .slice(0, TOP);
  return (
    <main className="tj-campaign tj-vote" data-testid="wenshisong-landing">
      <CampaignHeader campaign={campaign} />
      <CampaignNav links={VOTE_NAV.wenshisong} current="/wenshisong" />
      <p className="tj-vote__cta">
        <AppLink className="tj-button tj-button--block" to="/wenshisong/vote">
          {campaign.phase === "ended" ? "查看最终排名" : "去投票"}
        </AppLink>
      </p>
      <VoteStanding campaign={campaign} live={live} perDay={board.perDay} />

      <section aria-labelledby="wss-leading">
        <h2 id="wss-leading" className="tj-section__title">
          {campaign.phase === "ended" ? "最终前三" : "当前领先"}
        </h2>
        {live.totalVotes === 0 ? (
          <p className="tj-empty">还没有人投票，来投出第一票吧。</p>
        ) : (
          <ol className="tj-campaign__rank-list" data-testid="wss-leading">
            {leading.map((c) => (
              <li key={c.id}>
                <span className="tj-campaign__rank">{live.rank(c.id)}</span>
                <AppLink className="tj-campaign__rank-name" to={detailPath("wenshisong", c.id)}>
                  {c.title}
                </AppLink>
                <span className="tj-campaign__rank-score">{live.votes(c.id)} 票</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="wss-songs">
        <h2 id="wss-songs" className="tj-section__title">
          候选曲目 · 先听再投
        </h2>
        {board.candidates.length === 0 ? (
          <p className="tj-empty">还没有候选曲目，请稍后再来。</p>
        ) : (
          <ul className="tj-vote__list">
            {board.candidates.map((c) => (
              <li key={c.id} className="tj-vote__card">
                <h3 className="tj-vote__title">
                  <AppLink to={detailPath("wenshisong", c.id)}>{c.title}</AppLink>
                </h3>
                <p className="tj-campaign__meta">
                  {c.subtitle}
                  {c.years ? ` · ${c.years}` : ""}
                </p>
                <p className="tj-vote__summary">{c.summary}</p>
                {c.piece ? (
                  <div className="tj-vote__piece">
                    <PlayButton
                      tracks={tracks}
                      index={tracks.findIndex((t) => t.id === c.piece?.id)}
                      label={`试听《${c.piece.name}》`}
                      className="tj-vote__play"
                    />
                    <AppLink to={`/music/landing?id=${c.piece.id}`}>曲目页</AppLink>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="tj-campaign__meta">
          试听音频依曲谱合成，只示意曲子的调式与气质，并非古谱原貌。
        </p>
      </section>

      {campaign.rewards.length > 0 ? (
        <section aria-labelledby="wss-rewards">
          <h2 id="wss-rewards" className="tj-section__title">
            投票奖励
          </h2>
          <ul className="tj-campaign__rewards">
            {campaign.rewards.map((r) => (
              <li key={r.key} data-granted={r.granted}>
                <span>{r.label}</span>
                <span className="tj-campaign__meta">
                  {r.granted
                    ? "已获得"
                    : `在 ${r.threshold} 个不同的日子投票（已 ${Math.min(live.me.voteDays, r.threshold)} 天）`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ShareCampaign campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
