import { type Card, createEmptyCard, fsrs, generatorParameters, Rating, State } from "ts-fsrs";

/**
 * The review list's spaced repetition (decision 0029): FSRS (ts-fsrs) with its default
 * weights, 90 % retention wanted, intervals of at most a year, no fuzz (the same answers give
 * the same dates, which the reader can be told and a test can check), and the default
 * learning steps (1 and 10 minutes) so a question got wrong comes back in the same sitting.
 *
 * A review is marked, not self-graded: a right answer is Good, a wrong one Again. A question
 * got wrong outside the review list (a ladder's practice, a depth test, a challenge) makes a new
 * card due at once, or, when the card exists, is a lapse (Again) at that moment.
 */
export const REVIEW_PARAMETERS = generatorParameters({
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: true,
});

const scheduler = fsrs(REVIEW_PARAMETERS);

export { State as CardState };

export type StoredCard = Omit<Card, "due" | "last_review"> & { due: string; last_review?: string };

export function toStored(card: Card): StoredCard {
  const { due, last_review, ...rest } = card;
  return {
    ...rest,
    due: due.toISOString(),
    ...(last_review ? { last_review: new Date(last_review).toISOString() } : {}),
  };
}

export function fromStored(stored: StoredCard): Card {
  const { due, last_review, ...rest } = stored;
  return {
    ...rest,
    due: new Date(due),
    ...(last_review ? { last_review: new Date(last_review) } : {}),
  } as Card;
}

/** A new card for a question just got wrong: due now, so it is on the review list at once. */
export function newCard(now: Date): Card {
  return createEmptyCard(now);
}

/** The rating a marked answer gives: Good when right, Again when wrong. */
export const ratingOf = (correct: boolean) => (correct ? Rating.Good : Rating.Again);

/** The card after one marked answer at `now`. */
export function review(card: Card, correct: boolean, now: Date): Card {
  return scheduler.next(card, now, ratingOf(correct)).card;
}

/** A wrong answer somewhere else: a new card due now, or a lapse of the card there is. */
export function wrongElsewhere(card: Card | null, now: Date): Card {
  return card ? review(card, false, now) : newCard(now);
}
