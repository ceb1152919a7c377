import { workPath } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadWork } from "../features/campaign-works/load-works.server.ts";
import { ShareCampaign } from "../features/campaigns/campaign-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wenshireward-share";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 奖励分享 (/wenshireward/share?id=…): a work as a card to share (spec §3 payload: its title,
// its opening as the description, its first picture); the link leads to the work's page and
// carries the sharer as `from` (decision 46). Only approved works are shared.
export async function loader({ context, request }: Route.LoaderArgs) {
  const loaded = await loadWork(context, "wenshireward", new URL(request.url));
  if (loaded.work.status !== "approved") throw notFound("作品未通过审核，暂不能分享");
  return loaded;
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `分享：${d?.work.title ?? "作品"} - ${PRODUCT_NAME}` }];
}

export default function WenshiRewardShareRoute({ loaderData: d }: Route.ComponentProps) {
  const { campaign, work } = d;
  const cover = work.images[0];
  return (
    <main className="tj-campaign tj-works">
      <h1 className="tj-visually-hidden">分享作品</h1>
      <figure className="tj-works__share-card" data-testid="work-share-card">
        <p className="tj-works__share-campaign">{campaign.title} · 征文作品</p>
        {cover ? (
          <img
            src={cover.url}
            alt={`${work.title} 配图`}
            width={cover.width}
            height={cover.height}
          />
        ) : null}
        <h2 className="tj-works__title">{work.title}</h2>
        <p className="tj-works__excerpt">{work.excerpt}</p>
        <figcaption className="tj-works__meta">
          {work.author.name} · 已获 {work.likes} 个赞
        </figcaption>
      </figure>
      <ShareCampaign
        campaign={campaign}
        link={workPath("wenshireward", work.id)}
        title={`${work.title} · ${campaign.title}`}
        desc={work.excerpt || campaign.share.desc}
        imgUrl={cover?.thumbUrl ?? campaign.share.imgUrl}
        label="分享这件作品"
      />
      <div className="tj-works__actions">
        <AppLink className="tj-button tj-button--ghost" to={workPath("wenshireward", work.id)}>
          查看作品
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/wenshireward">
          我也要投稿
        </AppLink>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
