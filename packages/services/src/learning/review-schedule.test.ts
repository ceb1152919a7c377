import { describe, expect, it } from "vitest";
import {
  CardState,
  fromStored,
  newCard,
  ratingOf,
  review,
  toStored,
  wrongElsewhere,
} from "./review-schedule.ts";

const now = new Date("2026-11-27T10:00:00.000Z");
const minutes = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 60_000;
const days = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 86_400_000;

describe("the review list's FSRS schedule", () => {
  it("makes a question got wrong a new card due at once", () => {
    const card = wrongElsewhere(null, now);
    expect(card.state).toBe(CardState.New);
    expect(card.due.getTime()).toBe(now.getTime());
  });

  it("maps right to Good and wrong to Again", () => {
    expect(ratingOf(true)).toBe(3);
    expect(ratingOf(false)).toBe(1);
  });

  it("brings a wrong review back within minutes and a right one later, then in days", () => {
    const card = newCard(now);
    const wrong = review(card, false, now);
    const right = review(card, true, now);
    expect(minutes(now, wrong.due)).toBeLessThanOrEqual(1);
    expect(minutes(now, right.due)).toBeGreaterThan(minutes(now, wrong.due));
    // Right again after the learning step: the card graduates to days.
    const later = review(right, true, right.due);
    expect(later.state).toBe(CardState.Review);
    expect(days(right.due, later.due)).toBeGreaterThanOrEqual(1);
    // The same answers give the same dates (no fuzz).
    expect(review(card, true, now).due.getTime()).toBe(right.due.getTime());
  });

  it("lapses a card in review when it is got wrong elsewhere", () => {
    let card = review(newCard(now), true, now);
    card = review(card, true, card.due);
    expect(card.state).toBe(CardState.Review);
    const at = new Date(card.due.getTime() - 3600_000);
    const lapsed = wrongElsewhere(card, at);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.state).toBe(CardState.Relearning);
    expect(lapsed.due.getTime()).toBeLessThan(card.due.getTime());
  });

  it("keeps a card through storage", () => {
    const card = review(newCard(now), true, now);
    const back = fromStored(JSON.parse(JSON.stringify(toStored(card))));
    expect(back.due.getTime()).toBe(card.due.getTime());
    expect(review(back, true, back.due).due.getTime()).toBe(
      review(card, true, card.due).due.getTime(),
    );
  });
});
