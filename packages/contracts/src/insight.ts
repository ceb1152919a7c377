import { z } from "zod";
import { articleCard, entryCard, timelineEvent } from "./content.ts";

// 洞察 topics (/insight, issue 15 §6): GET /api/insight/list/:lang, GET /api/insight/detail/:lang/:id.

export const insightCard = z.object({
  id: z.string(),
  title: z.string(),
  /** The question the topic answers. */
  question: z.string(),
  /** The era as the topic names it (唐中后期, 晚清 …). */
  era: z.string(),
  /** The years its events span ("755年—907年"); null when none is dated. */
  timeDesc: z.string().nullable(),
  /** Its sample cover, drawn by the server (/media/cover/{id}.svg). */
  imageUrl: z.string(),
  eventCount: z.number().int(),
  personCount: z.number().int(),
  articleCount: z.number().int(),
});
export type InsightCard = z.infer<typeof insightCard>;

/** Every topic, in the order of the years they are about. */
export const insightList = z.array(insightCard);
export type InsightList = z.infer<typeof insightList>;

/** A pair of the topic's people that the corpus relates, with what `to` is to `from`. */
export const insightRelation = z.object({
  fromId: z.string(),
  toId: z.string(),
  twoway: z.boolean(),
  labels: z.array(z.string()),
  types: z.array(z.string()),
});
export type InsightRelation = z.infer<typeof insightRelation>;

export const insightDetail = insightCard.extend({
  /** The essay as sanitised HTML; its in-text links lead to entries (/detail/{id}). */
  essay: z.string(),
  /** Plain text of the essay's start, for share and search descriptions. */
  summary: z.string(),
  innerLinks: z.array(z.object({ itemId: z.string(), word: z.string() })),
  /** Its events, oldest first. */
  timeline: z.array(timelineEvent),
  /** The people involved, in the topic's order. */
  people: z.array(entryCard),
  relations: z.array(insightRelation),
  /** What to read next. */
  articles: z.array(articleCard),
  /** The regimes and places it is about. */
  entries: z.array(entryCard),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type InsightDetail = z.infer<typeof insightDetail>;
