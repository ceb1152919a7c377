import { type CardPicture, greetingCardSvg } from "@tongjian/domain/greeting-cards";

/** The card drawn in the page from the same SVG the server renders to PNG. */
export function CardPreview({ card, alt }: { card: CardPicture; alt: string }) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(greetingCardSvg(card))}`;
  return <img className="tj-card__image" src={src} alt={alt} width={375} height={500} />;
}

/** What a card says, for readers who cannot see the picture. */
export function cardAlt(card: { label: string; to: string; from: string; message: string }) {
  return `${card.label}贺卡：致${card.to}，${card.message.replace(/\n/g, " ")}——${card.from}`;
}
