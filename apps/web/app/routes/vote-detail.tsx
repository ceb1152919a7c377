import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { CampaignNav, ShareCampaign } from "../features/campaigns/campaign-parts.tsx";
import { PlayButton } from "../features/music/track-list.tsx";
import { orMissing, voteKeyOrNotFound } from "../features/votes/vote-loaders.server.ts";
import { detailPath, VOTE_LIST, VOTE_NAV } from "../features/votes/vote-pages.ts";
import { useLiveCounts, VoteButton, VoteStanding } from "../features/votes/vote-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/vote-detail";
import "../features/campaigns/campaigns.css";
import "../features/votes/votes.css";

// A candidate of a vote campaign (decision 45): /love/detail?id= (a couple of history: their
// story, dated moments, the people in the corpus) and /wenshisong/detail?id= (a song: the
// history behind it, its piece to play and its music page), with its live count and place.
export async function loader({ context, url }: Route.LoaderArgs) {
  const key = voteKeyOrNotFound(url);
  const id = url.searchParams.get("id");
  if (!id) throw notFound("候选不存在");
  const detail = await orMissing(
    context.services.votes.candidate(key, id, context.viewer),
    "候选不存在",
  );
  return { key, detail };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `投票详情 - ${PRODUCT_NAME}` }];
  return [
    { title: `${d.detail.candidate.title} · ${d.detail.campaign.title} - ${PRODUCT_NAME}` },
    { name: "description", content: d.detail.candidate.summary },
  ];
}

export default function VoteDetailRoute({ loaderData: { key, detail } }: Route.ComponentProps) {
  const { campaign, candidate } = detail;
  const live = useLiveCounts(key, {
    candidates: [candidate],
    totalVotes: detail.total,
    me: detail.me,
    updatedAt: detail.updatedAt,
  });
  const rank = live.rank(candidate.id) || candidate.rank;
  return (
    <main className="tj-campaign tj-vote" data-testid="vote-detail">
      <CampaignNav links={VOTE_NAV[key]} current={detailPath(key, candidate.id)} />
      <article aria-labelledby="vote-detail-title">
        <header className="tj-campaign__header" data-phase={campaign.phase}>
          <p className="tj-campaign__phase">
            <span className="tj-campaign__badge">{campaign.phaseLabel}</span>
            <AppLink className="tj-vote__back" to={VOTE_LIST[key]}>
              {campaign.title}
            </AppLink>
          </p>
          <h1 id="vote-detail-title" className="tj-campaign__title">
            {candidate.title}
          </h1>
          <p className="tj-campaign__summary">
            {candidate.subtitle}
            {candidate.years ? ` · ${candidate.years}` : ""}
          </p>
        </header>

        <div className="tj-vote__score" data-testid="vote-score">
          <p>
            第 <strong>{rank}</strong> 名 ·{" "}
            <strong data-testid="vote-count">{live.votes(candidate.id)}</strong> 票
          </p>
          <VoteButton campaign={campaign} candidate={candidate} live={live} />
        </div>
        {detail.reason && live.me.signedIn && !live.votedToday(candidate.id) ? (
          <p className="tj-vote__reason" data-testid="vote-reason">
            {detail.reason}
          </p>
        ) : null}

        <p>{candidate.summary}</p>

        {candidate.piece ? (
          <section aria-labelledby="vote-piece">
            <h2 id="vote-piece" className="tj-section__title">
              试听
            </h2>
            <div className="tj-vote__piece">
              <PlayButton
                tracks={[candidate.piece]}
                index={0}
                label={`试听《${candidate.piece.name}》`}
                className="tj-vote__play"
              />
              <AppLink to={`/music/landing?id=${candidate.piece.id}`}>
                《{candidate.piece.name}》的曲目页：曲谱、歌词与来历
              </AppLink>
            </div>
            <p className="tj-campaign__meta">
              {candidate.piece.instrument} · {candidate.piece.period}。试听为依谱合成的示意音频。
            </p>
          </section>
        ) : null}

        {candidate.people.length > 0 ? (
          <section aria-labelledby="vote-people">
            <h2 id="vote-people" className="tj-section__title">
              相关人物
            </h2>
            <ul className="tj-vote__people" data-testid="vote-people">
              {candidate.people.map((p) => (
                <li key={p.id}>
                  <AppLink to={`/detail/${p.id}`}>
                    {p.name}
                    {p.years ? `（${p.years}）` : ""}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="vote-moments">
          <h2 id="vote-moments" className="tj-section__title">
            年表
          </h2>
          <ol className="tj-vote__moments" data-testid="vote-moments">
            {detail.moments.map((m) => (
              <li key={`${m.label}-${m.text}`}>
                <time>{m.label}</time>
                {m.text}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="vote-story" className="tj-vote__story">
          <h2 id="vote-story" className="tj-section__title">
            {key === "love" ? "故事" : "曲中的历史"}
          </h2>
          {detail.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {detail.quote ? (
            <blockquote className="tj-vote__quote">
              <p>{detail.quote.text}</p>
              <footer>—— {detail.quote.source}</footer>
            </blockquote>
          ) : null}
        </section>
      </article>

      <VoteStanding campaign={campaign} live={live} perDay={campaign.limits.perDay} />
      <p>
        <AppLink className="tj-button tj-button--ghost" to={VOTE_LIST[key]}>
          查看全部候选与排名
        </AppLink>
      </p>
      <ShareCampaign
        campaign={campaign}
        title={`${candidate.title} · ${campaign.title}`}
        desc={candidate.summary}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
