import type { LotView } from "@tongjian/contracts/divination";
import { DIVINATION_NOTE } from "@tongjian/domain/divination";

/** One lot: its number and grade, the quoted line with its source, the reading, the note. */
export function LotCard({
  lot,
  heading,
  testId,
  reveal = false,
}: {
  lot: LotView;
  /** Just drawn: the card rises out of the tube (a lot shown on arrival stands still). */
  reveal?: boolean;
  /** What the card is (今日签, 好友分享的签) for the screen reader and the eye. */
  heading: string;
  testId: string;
}) {
  return (
    <article
      className="tj-lot"
      data-reveal={reveal || undefined}
      data-grade={lot.grade}
      data-testid={testId}
      aria-label={heading}
    >
      <p className="tj-lot__kicker">{heading}</p>
      <h3 className="tj-lot__label">
        <span data-testid="lot-label">{lot.label}</span>
        <span className="tj-lot__grade">{lot.grade}</span>
      </h3>
      <p className="tj-lot__title">{lot.title}</p>
      <blockquote className="tj-lot__verse">
        <p>{lot.verse}</p>
        <footer>—— {lot.source}</footer>
      </blockquote>
      <p className="tj-lot__reading">{lot.reading}</p>
      <p className="tj-lot__note">{DIVINATION_NOTE}</p>
    </article>
  );
}
