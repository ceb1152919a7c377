import type { AskEntryRef } from "@tongjian/contracts/ask";
import { eraName } from "@tongjian/domain/relation-phrases";
import { formatHistoricalDate, formatYearRange } from "@tongjian/domain/year-format";
import { type AnswerContext, loadEntries } from "./answer-context.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, date, ref, refOf, text, textList } from "./ask-entry.ts";

// Pieces the answers share: an entry's years, its name as the subject of a sentence, a
// person's title (唐代诗人), places with today's names. Every sentence is made of fields; what a
// field does not hold is said to be not recorded.

export const NOT_RECORDED = "资料中没有记载";

export const start = (e: AskEntry) => date(e.data.start);
export const end = (e: AskEntry) => date(e.data.end);
export const born = (e: AskEntry) => date(e.data.born);
export const died = (e: AskEntry) => date(e.data.died);
export const regimeOf = (e: AskEntry) => ref(e, e.data.regime);

/** "李白" → the entry's name linked; "李白的" for possessives. */
export function subject(w: AnswerWriter, e: AskEntry, after = ""): AnswerWriter {
  return w.name(refOf(e)).say(after);
}

/** "唐代诗人、政治家", "南宋军事家", "唐代人物": the era linked to its regime. */
export function personTitle(w: AnswerWriter, e: AskEntry): boolean {
  const regime = regimeOf(e);
  const roles = textList(e.data.roles);
  if (!regime && roles.length === 0) return false;
  if (regime) w.name(regime, eraName(regime.name));
  w.say(roles.length > 0 ? roles.join("、") : "人物");
  return true;
}

export function lifeSentence(w: AnswerWriter, e: AskEntry, lead: string): boolean {
  const b = born(e);
  const d = died(e);
  if (!b && !d) return false;
  w.say(lead);
  if (b) w.say(`生于${formatHistoricalDate(b)}`);
  if (b && d) w.say("，");
  if (d) w.say(`卒于${formatHistoricalDate(d)}`);
  return true;
}

export function spanText(e: AskEntry): string | undefined {
  const s = start(e);
  const t = end(e);
  if (s && t) return formatYearRange(s, t);
  if (s) return formatHistoricalDate(s);
  if (t) return `至${formatHistoricalDate(t)}`;
  return undefined;
}

/** A place's modern name, for "长安（今陕西省西安市）". */
const modernNote = (place: AskEntry | undefined) => {
  const modern = place ? text(place.data.modern) : undefined;
  return modern ? `（今${modern}）` : "";
};

export async function placesWithModern(ctx: AnswerContext, places: AskEntryRef[]) {
  const rows = await loadEntries(
    ctx,
    places.map((p) => p.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (p: AskEntryRef) => modernNote(byId.get(p.id));
}

export function kindWord(e: AskEntry): string {
  switch (e.kind) {
    case "person":
      return "人物";
    case "regime":
      return "政权";
    case "event":
      return "事件";
    case "place":
      return "地点";
    case "poem":
      return "诗词";
    case "classic":
      return "典籍篇章";
    default:
      return "作品";
  }
}

/** A poem's or chapter's dynasty label as an era: 唐 → 唐代, 五代 → 五代. */
export const textEra = (e: AskEntry) => {
  const dynasty = text(e.data.dynasty) ?? e.timeDesc ?? undefined;
  return dynasty ? eraName(dynasty) : undefined;
};
