import type { DrawResult, LotView } from "@tongjian/contracts/divination";
import { DIVINATION_KEY, lotLabel } from "@tongjian/domain/divination";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  CampaignHeader,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { LotCard } from "../features/divination/lot-card.tsx";
import { LotTube } from "../features/divination/lot-tube.tsx";
import { ActionError, chinaTime, SignInPrompt, useApiAction } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { isNotFoundError, orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/divination";
import "../features/campaigns/campaigns.css";
import "../features/divination/divination.css";
import { VIEW_DRAW } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { divination: VIEW_DRAW } };

/** The tube rocks at least this long, so a fast answer still reads as a draw. */
const SHAKE_MS = 900;

// 求签 (/divination, decision 42): a lot a day, drawn by the server; today's lot again for a
// reader who comes back; their lots; any lot opened by a shared link (?lot=12).
export async function loader({ context, request }: Route.LoaderArgs) {
  const campaign = await orNotFound(
    context.services.campaigns.view(DIVINATION_KEY, context.viewer),
    "求签活动不存在",
  );
  const mine = await context.services.divination.view(context.viewer);
  const asked = new URL(request.url).searchParams.get("lot");
  let shared: LotView | null = null;
  let sharedMissing = false;
  if (asked !== null) {
    const n = Number(asked);
    if (Number.isInteger(n) && n >= 1 && n <= 999) {
      shared = await context.services.divination.lot(n).catch((error: unknown) => {
        if (isNotFoundError(error)) return null;
        throw error;
      });
    }
    sharedMissing = shared === null;
  }
  return { campaign, mine, shared, sharedMissing };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.shared
    ? `${d.shared.label} · ${d.shared.grade}：${d.shared.title}`
    : (d?.campaign.title ?? "求签");
  return [
    { title: `${title} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.shared?.verse ?? d?.campaign.summary ?? "" },
  ];
}

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export default function DivinationRoute({
  loaderData: { campaign, mine, shared, sharedMissing },
}: Route.ComponentProps) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  useInviteCapture(campaign);
  const action = useApiAction<DrawResult>();
  const [shaking, setShaking] = useState(false);
  const [drawn, setDrawn] = useState<DrawResult | null>(null);
  const today = drawn ?? (mine.today ? { ...mine.today, fresh: false, granted: [] } : null);

  const draw = async () => {
    setShaking(true);
    const [result] = await Promise.all([
      action.run(() => api.post<DrawResult>("/api/m/divination/draw")),
      new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : SHAKE_MS)),
    ]);
    setShaking(false);
    if (result) {
      setDrawn(result);
      void revalidator.revalidate();
    }
  };

  const running = campaign.phase === "running";
  return (
    <main className="tj-campaign" data-testid="divination">
      <CampaignHeader campaign={campaign} />

      {shared ? (
        <section aria-labelledby="lot-shared">
          <h2 id="lot-shared" className="tj-section__title">
            好友分享的签
          </h2>
          <LotCard lot={shared} heading={`好友求得${shared.label}`} testId="lot-shared" />
          {!today && running ? (
            <p className="tj-campaign__meta">你今天还没有求签，在下面求一支属于自己的签吧。</p>
          ) : null}
        </section>
      ) : sharedMissing ? (
        <p className="tj-state" role="status" data-testid="lot-missing">
          没有找到这支签，链接可能有误。
        </p>
      ) : null}

      <section aria-labelledby="lot-today">
        <h2 id="lot-today" className="tj-section__title">
          今日一签
        </h2>
        {!mine.signedIn ? (
          <SignInPrompt what="求签" />
        ) : today ? (
          <>
            <LotTube shaking={false} drawn />
            <LotCard
              lot={today.lot}
              heading={today.fresh ? "你求得" : "今天已求得"}
              reveal={today.fresh}
              testId="lot-today"
            />
            {drawn?.granted.length ? (
              <p className="tj-campaign__granted" role="status" data-testid="lot-granted">
                获得奖励：{drawn.granted.join("、")}
              </p>
            ) : null}
            <p className="tj-campaign__meta">每天只能求一签，明天再来看看新的签吧。</p>
            <ShareCampaign
              campaign={campaign}
              link={today.lot.link}
              title={`我求得${today.lot.label}（${today.lot.grade}）：${today.lot.title}`}
              desc={`${today.lot.verse}——${today.lot.source}`}
              label="分享这支签"
            />
          </>
        ) : (
          <div className="tj-lot-draw">
            <LotTube shaking={shaking} drawn={false} />
            <p className="tj-campaign__meta">
              静心想一件今天要做的事，点下面的按钮摇出一支签（共 {mine.lotCount} 支）。
            </p>
            <button
              type="button"
              className="tj-button"
              onClick={() => void draw()}
              disabled={!running || action.busy || shaking}
              aria-busy={action.busy || shaking}
              data-testid="lot-draw"
            >
              {shaking
                ? "正在摇签…"
                : running
                  ? "摇一摇，求一签"
                  : (campaign.me.reason ?? "暂不可求签")}
            </button>
            <ActionError error={action.error} />
            {action.error ? (
              <button
                type="button"
                className="tj-button tj-button--ghost"
                onClick={() => void draw()}
              >
                重试
              </button>
            ) : null}
          </div>
        )}
      </section>

      {mine.signedIn ? (
        <section aria-labelledby="lot-history">
          <h2 id="lot-history" className="tj-section__title">
            我的签
          </h2>
          {mine.history.length === 0 ? (
            <p className="tj-state" data-testid="lot-history-empty">
              还没有求过签。
            </p>
          ) : (
            <ul className="tj-lot-history" data-testid="lot-history">
              {mine.history.map((h) => (
                <li key={`${h.day}-${h.number}`}>
                  <AppLink to={`/divination?lot=${h.number}`}>
                    <span>
                      {h.day} · {lotLabel(h.number)}
                    </span>
                    <span>
                      {h.grade} · {h.title}
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
          {mine.history.length > 0 ? (
            <p className="tj-campaign__meta">
              最近一次：{chinaTime(mine.history[0]?.drawnAt ?? "")}
            </p>
          ) : null}
        </section>
      ) : null}

      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
