import type { CreateCardResult, GreetingCardView } from "@tongjian/contracts/greeting-cards";
import { GREETING_KEY } from "@tongjian/domain/greeting-cards";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  CampaignHeader,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { CardMaker } from "../features/greetingcard/card-maker.tsx";
import { CardView } from "../features/greetingcard/card-view.tsx";
import { chinaTime } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { isNotFoundError, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/greetingcard";
import "../features/campaigns/campaigns.css";
import "../features/greetingcard/greetingcard.css";
import { VIEW_GREETING_CHOICE } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { greetingcard: VIEW_GREETING_CHOICE } };

const CARD_ID = /^[A-Za-z0-9_-]{8,24}$/;

// 贺卡 (/greetingcard, decision 42): choose a card and a wording, write it, and the server makes
// the card (a PNG); its link (?card=<id>) shows it to anyone, who may answer with a card of
// their own that links back to it.
export async function loader({ context, request }: Route.LoaderArgs) {
  const campaign = await orNotFound(
    context.services.campaigns.view(GREETING_KEY, context.viewer),
    "贺卡活动不存在",
  );
  const [catalogue, mine] = await Promise.all([
    context.services.greetingCards.catalogue(),
    context.services.greetingCards.mine(context.viewer),
  ]);
  const asked = new URL(request.url).searchParams.get("card");
  let card: GreetingCardView | null = null;
  if (asked !== null && CARD_ID.test(asked))
    card = await context.services.greetingCards.card(asked, context.viewer).catch((error) => {
      if (isNotFoundError(error)) return null;
      throw error;
    });
  return { campaign, catalogue, mine, card, cardMissing: asked !== null && card === null };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.card
    ? `${d.card.from}送你一张${d.card.label}贺卡`
    : (d?.campaign.title ?? "贺卡");
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

export default function GreetingCardRoute({
  loaderData: { campaign, catalogue, mine, card, cardMissing },
}: Route.ComponentProps) {
  useInviteCapture(campaign);
  const navigate = useNavigate();
  const location = useLocation();
  const granted = (location.state as { granted?: string[] } | null)?.granted ?? [];
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const running = campaign.phase === "running";
  const onMade = (made: CreateCardResult) => {
    setReplyingTo(null);
    navigate(`/greetingcard?card=${made.card.id}`, { state: { granted: made.granted } });
  };

  return (
    <main className="tj-campaign" data-testid="greetingcard">
      <CampaignHeader campaign={campaign} />
      {cardMissing ? (
        <p className="tj-state" role="status" data-testid="card-missing">
          没有找到这张贺卡，链接可能有误。你可以自己做一张。
        </p>
      ) : null}

      {card && replyingTo !== card.id ? (
        <CardView card={card}>
          {card.mine ? (
            <>
              <p className="tj-campaign__granted" role="status" data-testid="card-made">
                贺卡已生成，分享给{card.to}吧。
                {granted.length > 0 ? `获得奖励：${granted.join("、")}` : ""}
              </p>
              <div className="tj-card-actions">
                <ShareCampaign
                  campaign={campaign}
                  link={card.link}
                  title={`${card.from}送你一张${card.label}贺卡`}
                  desc={card.message}
                  imgUrl={card.imageUrl}
                  label="分享贺卡"
                />
                <AppLink className="tj-button tj-button--ghost" to="/greetingcard">
                  再做一张
                </AppLink>
              </div>
            </>
          ) : (
            <button
              type="button"
              className="tj-button tj-button--block"
              onClick={() => setReplyingTo(card.id)}
              disabled={!running}
              data-testid="card-reply"
            >
              {running ? `回赠${card.from}一张贺卡` : "活动已结束，无法回赠"}
            </button>
          )}
        </CardView>
      ) : (
        <CardMaker
          key={replyingTo ?? "new"}
          catalogue={catalogue}
          signedIn={campaign.me.signedIn}
          replyTo={card && replyingTo === card.id ? card : null}
          running={running}
          reason={campaign.me.reason}
          onMade={onMade}
        />
      )}

      {mine.signedIn && mine.cards.length > 0 ? (
        <section aria-labelledby="cards-mine">
          <h2 id="cards-mine" className="tj-section__title">
            我做的贺卡
          </h2>
          <ul className="tj-card-replies" data-testid="cards-mine">
            {mine.cards.map((c) => (
              <li key={c.id}>
                <AppLink to={`/greetingcard?card=${c.id}`}>
                  给{c.to}的{c.label}贺卡 · {chinaTime(c.createdAt).slice(5)}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
