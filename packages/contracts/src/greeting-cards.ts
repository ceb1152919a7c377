import { z } from "zod";

// 贺卡 (/greetingcard, decision 42): the wordings file, the catalogue of designs and wordings,
// making a card, and a card as its receiver sees it.

const cardTypeKey = z.enum([
  "spring",
  "midautumn",
  "dragonboat",
  "teachers",
  "birthday",
  "newyear",
]);

export const wordingSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "键只能含小写字母、数字与短横线"),
  cardType: cardTypeKey,
  title: z.string().trim().min(2).max(10),
  /** The classical line's author and work, for wordings built around one. */
  source: z.string().trim().min(2).max(40).optional(),
  text: z.string().trim().min(8).max(120),
});
export type Wording = z.infer<typeof wordingSchema>;

/** content/campaigns/greetingcard/wordings.yaml */
export const wordingsFileSchema = z.strictObject({ wordings: z.array(wordingSchema).min(1) });

export const greetingCatalogue = z.object({
  cardTypes: z.array(
    z.object({
      key: cardTypeKey,
      label: z.string(),
      heading: z.string(),
      wordings: z.array(wordingSchema.omit({ cardType: true })),
    }),
  ),
  limits: z.object({ name: z.number().int(), message: z.number().int() }),
});
export type GreetingCatalogue = z.infer<typeof greetingCatalogue>;

const cardId = z.string().regex(/^[A-Za-z0-9_-]{8,24}$/, "贺卡不存在");

export const createCardBody = z.object({
  cardType: z.string().min(1).max(20),
  wordType: z.string().min(1).max(40),
  // Lengths are checked after cleaning (tags and extra spaces go); these only bound the input.
  to: z.string().max(100),
  from: z.string().max(100),
  message: z.string().max(1000),
  /** The card this one answers. */
  replyTo: cardId.optional(),
});
export type CreateCardBody = z.infer<typeof createCardBody>;

export const cardParams = z.object({ id: cardId });
export const cardImageParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{8,24}\.png$/, "贺卡不存在"),
});

const cardSummary = z.object({
  id: z.string(),
  cardType: cardTypeKey,
  label: z.string(),
  to: z.string(),
  from: z.string(),
  createdAt: z.string(),
});

export const greetingCardView = cardSummary.extend({
  wordType: z.string(),
  heading: z.string(),
  message: z.string(),
  /** The PNG the server rendered. */
  imageUrl: z.string(),
  /** The card's own link (/greetingcard?card=<id>). */
  link: z.string(),
  /** The card this one answers, if it is a reply. */
  replyTo: cardSummary.nullable(),
  /** Replies made to it. */
  replies: z.array(cardSummary),
  /** Made by the reader asking. */
  mine: z.boolean(),
});
export type GreetingCardView = z.infer<typeof greetingCardView>;

export const createCardResult = z.object({
  card: greetingCardView,
  granted: z.array(z.string()),
});
export type CreateCardResult = z.infer<typeof createCardResult>;

export const myCardsView = z.object({
  signedIn: z.boolean(),
  cards: z.array(cardSummary),
});
export type MyCardsView = z.infer<typeof myCardsView>;
