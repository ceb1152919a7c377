import type { AskPathStep } from "@tongjian/contracts/ask";
import type { AskIntent, ParsedQuestion } from "@tongjian/domain/ask-question";
import type { EntryService } from "../content/entries.server.ts";
import type { RelationGraphSource } from "../graph/relation-graph-source.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, askEntry } from "./ask-entry.ts";
import type { AskRepository } from "./ask-repository.ts";

/** What the answers read besides the entry asked about. */
export interface AnswerContext {
  entries: EntryService;
  repository: AskRepository;
  graph: RelationGraphSource;
}

/** answered: the corpus holds what was asked; not-recorded: the entry is known, that is not. */
export type Outcome = "answered" | "not-recorded";

/** Answers one intent about one entry, writing into `w` and citing what it read. */
export type Composer = (
  ctx: AnswerContext,
  entry: AskEntry,
  w: AnswerWriter,
  question: ParsedQuestion,
) => Promise<Outcome>;

export interface PathResult {
  outcome: Outcome;
  path: AskPathStep[] | null;
}

/** The entries of some ids, in the order of the ids (missing ones left out). */
export async function loadEntries(ctx: AnswerContext, ids: string[]): Promise<AskEntry[]> {
  const rows = await ctx.repository.entries(ids);
  const byId = new Map(rows.map((r) => [r.id, askEntry(r)]));
  return ids.map((id) => byId.get(id)).filter((e): e is AskEntry => e !== undefined);
}

/** The kinds an intent is about: a name that fits several entries prefers these. */
export const INTENT_KINDS: Partial<Record<AskIntent, readonly string[]>> = {
  born: ["person"],
  died: ["person"],
  lifespan: ["person"],
  native: ["person"],
  courtesy: ["person"],
  style: ["person"],
  kin: ["person"],
  teacher: ["person"],
  students: ["person"],
  friends: ["person"],
  works: ["person"],
  reign: ["person"],
  capital: ["regime"],
  rulers: ["regime"],
  founder: ["regime", "place"],
  participants: ["event"],
  duration: ["regime", "event"],
  author: ["poem", "classic", "work"],
};
