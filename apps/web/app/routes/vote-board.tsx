import type { MusicTrack } from "@tongjian/contracts/music";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  CampaignHeader,
  CampaignNav,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { PlayButton } from "../features/music/track-list.tsx";
import { orMissing, voteKeyOrNotFound } from "../features/votes/vote-loaders.server.ts";
import { CANDIDATE_NOUN, VOTE_NAV } from "../features/votes/vote-pages.ts";
import { CandidateList, useLiveCounts, VoteStanding } from "../features/votes/vote-parts.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/vote-board";
import "../features/campaigns/campaigns.css";
import "../features/votes/votes.css";

// The voting page of a vote campaign (decision 45): 投票活动 (/love) and 文史歌曲's 投票
// (/wenshisong/vote). The candidates ranked by their live counts, a vote button on each, the
// reader's votes of the day; the counts refresh every few seconds while the page is visible.
export async function loader({ context, url }: Route.LoaderArgs) {
  const key = voteKeyOrNotFound(url);
  const board = await orMissing(context.services.votes.board(key, context.viewer), "活动不存在");
  return { key, board };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d ? `${d.board.campaign.title} · 投票` : "投票活动";
  return [
    { title: `${title} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.board.campaign.summary ?? "" },
  ];
}

export default function VoteBoardRoute({ loaderData: { key, board } }: Route.ComponentProps) {
  const { campaign } = board;
  useInviteCapture(campaign);
  const live = useLiveCounts(key, board);
  const tracks = board.candidates.flatMap((c) => (c.piece ? [c.piece] : []));
  const trackIndex = (t: MusicTrack) => tracks.findIndex((x) => x.id === t.id);
  const path = key === "love" ? "/love" : "/wenshisong/vote";
  return (
    <main className="tj-campaign tj-vote" data-testid="vote-board">
      <CampaignHeader campaign={campaign} />
      <CampaignNav links={VOTE_NAV[key]} current={path} />
      <VoteStanding campaign={campaign} live={live} perDay={board.perDay} />
      <section aria-labelledby="vote-candidates">
        <h2 id="vote-candidates" className="tj-section__title">
          {campaign.phase === "ended" ? "最终排名" : `为喜爱的${CANDIDATE_NOUN[key]}投票`}
        </h2>
        <CandidateList
          campaign={campaign}
          candidates={board.candidates}
          live={live}
          extra={(c) =>
            c.piece ? (
              <PlayButton
                tracks={tracks}
                index={trackIndex(c.piece)}
                label={`试听《${c.piece.name}》`}
                className="tj-vote__play"
              />
            ) : null
          }
        />
      </section>
      <ShareCampaign campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
