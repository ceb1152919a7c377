import { ASK_QUESTION_MAX_LENGTH } from "@tongjian/domain/ask-page";
import { keywordLength } from "@tongjian/domain/search-keyword";
import { z } from "zod";

// 问史: POST /api/ai/ask. The answer is built only from fields of corpus entries, and says
// what it came from.

export const askBody = z.object({
  question: z
    .string({ error: "问题应为文字" })
    .refine((text) => text.trim().length > 0, { error: "请输入问题" })
    .refine((text) => keywordLength(text) <= ASK_QUESTION_MAX_LENGTH, {
      error: `问题不能超过 ${ASK_QUESTION_MAX_LENGTH} 个字`,
    }),
});
export type AskBody = z.infer<typeof askBody>;

/**
 * answered: the answer is in the corpus. not-recorded: the entry is known, what was asked is
 * not recorded. ambiguous: the name fits several entries (see choices). not-found: no entry of
 * that name. unsupported: a question of a kind 问史 does not answer. The last two carry search
 * results.
 */
export const askStatus = z.enum([
  "answered",
  "not-recorded",
  "ambiguous",
  "not-found",
  "unsupported",
]);
export type AskStatus = z.infer<typeof askStatus>;

export const askEntryRef = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
});
export type AskEntryRef = z.infer<typeof askEntryRef>;

/** A piece of the answer text; pieces with an id name an entry and link to it. */
export const askTextPart = z.object({
  text: z.string(),
  id: z.string().nullable(),
});
export type AskTextPart = z.infer<typeof askTextPart>;

/** One step of a relation chain: forward reads "`to` is `from`'s label" (A —父亲→ B). */
export const askPathStep = z.object({
  from: askEntryRef,
  to: askEntryRef,
  type: z.string(),
  label: z.string(),
  direction: z.enum(["forward", "backward", "twoway"]),
});
export type AskPathStep = z.infer<typeof askPathStep>;

/** One entry a name may mean, with the question asked again about it alone. */
export const askChoice = askEntryRef.extend({
  description: z.string(),
  question: z.string(),
});
export type AskChoice = z.infer<typeof askChoice>;

export const askSearchHit = askEntryRef.extend({
  timeDesc: z.string().nullable(),
  summary: z.string(),
});

export const askSearch = z.object({
  /** What was searched for: /search?q= shows every result. */
  q: z.string(),
  total: z.number().int(),
  list: z.array(askSearchHit),
});
export type AskSearch = z.infer<typeof askSearch>;

export const askAnswer = z.object({
  question: z.string(),
  status: askStatus,
  /** What the question was taken to ask (who, when, relation …; unknown when nothing fit). */
  intent: z.string(),
  text: z.string(),
  /** The text again, cut where it names an entry. */
  parts: z.array(askTextPart),
  /** The entries whose fields the answer was built from. */
  cited: z.array(askEntryRef),
  /** A relation answer's chain, from the first entry asked about to the second. */
  path: z.array(askPathStep).nullable(),
  choices: z.array(askChoice),
  search: askSearch.nullable(),
});
export type AskAnswer = z.infer<typeof askAnswer>;
