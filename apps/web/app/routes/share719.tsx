import type { UnlockView } from "@tongjian/contracts/campaign-days";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { DayRefCard } from "../features/campaign-days/day-parts.tsx";
import {
  CampaignHeader,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { ActionError, SignInPrompt, useApiAction } from "../shell/api-action.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { usePlatform, useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/share719";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

const KEY = "share719";

interface ShareUnlockResult {
  share: { title: string; desc: string; link: string; imgUrl: string };
  view: UnlockView;
  granted: string[];
}

// 分享活动 (/share719): share the page to unlock a piece written for it. The share goes through
// the engine (recorded, the link carrying the reader as `from`); the unlock is a participation,
// once per reader, with its badge.
export async function loader({ context }: Route.LoaderArgs) {
  return {
    data: await orNotFound(context.services.days.unlockView(KEY, context.viewer), "活动不存在"),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.data.campaign.title ?? "分享活动"} - ${PRODUCT_NAME}` }];
}

export default function Share719Route({ loaderData }: Route.ComponentProps) {
  const { api, env, bridge } = usePlatform();
  const [view, setView] = useState(loaderData.data);
  const [status, setStatus] = useState<string | null>(null);
  const action = useApiAction<ShareUnlockResult>();
  const { campaign } = view;
  useInviteCapture(campaign);
  useShare(campaign.share);
  const unlock = async () => {
    const result = await action.run(() =>
      api.post<ShareUnlockResult>(`/api/m/days/${KEY}/unlock`, {}),
    );
    if (!result) return;
    setView(result.view);
    const url = new URL(result.share.link, window.location.href).href;
    const reward = result.granted.length > 0 ? `，获得${result.granted.join("、")}` : "";
    if (env.isNativeApp) {
      await bridge.call("shareData", { ...result.share, link: url }).catch(() => {});
      setStatus(`已解锁${reward}。`);
    } else if (env.isWeixin) {
      setStatus(`已解锁${reward}。点击右上角“…”，分享给朋友或朋友圈。`);
    } else {
      try {
        await navigator.clipboard.writeText(url);
        setStatus(`已解锁${reward}。分享链接已复制：${url}`);
      } catch {
        setStatus(`已解锁${reward}。长按复制链接发给好友：${url}`);
      }
    }
  };
  return (
    <main className="tj-campaign tj-day" data-theme="read">
      <CampaignHeader campaign={campaign} />
      <article className="tj-day__piece" aria-labelledby="tj-unlock-title">
        <h2 id="tj-unlock-title" className="tj-section__title">
          {view.title}
        </h2>
        <p className="tj-day__intro">{view.teaser}</p>
        {view.unlocked ? (
          <div className="tj-day__unlocked" data-testid="unlocked-piece">
            {view.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
        ) : campaign.me.signedIn ? (
          <div className="tj-state" data-testid="locked-piece">
            <p className="tj-state__hint">分享本页即可解锁全文，以后再来也能读。</p>
            <button
              type="button"
              className="tj-button"
              onClick={() => void unlock()}
              disabled={action.busy || campaign.phase !== "running"}
              aria-busy={action.busy}
              data-testid="share-unlock"
            >
              {action.busy ? "正在解锁…" : "分享解锁"}
            </button>
          </div>
        ) : (
          <SignInPrompt what="分享解锁全文" />
        )}
        <ActionError error={action.error} />
        {status ? (
          <p className="tj-day__message" role="status" data-testid="unlock-status">
            {status}
          </p>
        ) : null}
        {view.source ? (
          <section aria-labelledby="tj-unlock-source">
            <h3 id="tj-unlock-source" className="tj-campaign__subtitle">
              相关词条
            </h3>
            <DayRefCard target={view.source} />
          </section>
        ) : null}
      </article>
      {view.unlocked ? <ShareCampaign campaign={campaign} label="再分享给好友" /> : null}
      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
