import type { GreetingCardView } from "@tongjian/contracts/greeting-cards";
import type { ReactNode } from "react";
import { chinaTime } from "../../shell/api-action.tsx";
import { AppLink } from "../../shell/app-link.tsx";
import { cardAlt } from "./card-preview.tsx";

/** A made card: the PNG the server rendered, who it is from, what it answers, its replies. */
export function CardView({ card, children }: { card: GreetingCardView; children?: ReactNode }) {
  return (
    <section aria-labelledby="card-view-title" data-testid="card-view">
      <h2 id="card-view-title" className="tj-section__title">
        {card.mine
          ? `你送给${card.to}的${card.label}贺卡`
          : `${card.from}送你一张${card.label}贺卡`}
      </h2>
      <img
        className="tj-card__image"
        src={card.imageUrl}
        alt={cardAlt(card)}
        width={375}
        height={500}
        data-testid="card-image"
      />
      <p className="tj-campaign__meta">{chinaTime(card.createdAt)} 制作</p>
      {card.replyTo ? (
        <p data-testid="card-reply-to">
          这是回赠给{card.replyTo.from}的贺卡，
          <AppLink to={`/greetingcard?card=${card.replyTo.id}`}>看看原来那张</AppLink>
        </p>
      ) : null}
      {children}
      {card.replies.length > 0 ? (
        <>
          <h3 className="tj-campaign__subtitle">收到的回赠</h3>
          <ul className="tj-card-replies" data-testid="card-replies">
            {card.replies.map((r) => (
              <li key={r.id}>
                <AppLink to={`/greetingcard?card=${r.id}`}>
                  {r.from} 回赠的{r.label}贺卡 · {chinaTime(r.createdAt).slice(5)}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
