import {
  formatHistoricalDate,
  formatYear,
  formatYearRange,
  yearsBetween,
} from "@tongjian/domain/year-format";
import { type Composer, loadEntries, type Outcome } from "./answer-context.ts";
import {
  born,
  died,
  end,
  lifeSentence,
  NOT_RECORDED,
  regimeOf,
  spanText,
  start,
  subject,
  textEra,
} from "./answer-phrases.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, ref, refOf, text, year } from "./ask-entry.ts";

// When: dates of people, regimes and events; lifespans, durations and reigns.

/** 何时 (aspect start / end / span), with 生于 / 卒于 for people. */
export const when: Composer = async (_ctx, e, w, q) => {
  w.cite(refOf(e));
  const aspect = q.aspect === "start" || q.aspect === "end" ? q.aspect : "span";
  if (e.kind === "person") {
    if (lifeSentence(subject(w, e), e, "")) {
      w.say("。");
      return "answered";
    }
    w.say(`的生卒年，${NOT_RECORDED}。`);
    return "not-recorded";
  }
  if (e.kind === "poem" || e.kind === "classic") {
    const era = textEra(e);
    w.say(`${NOT_RECORDED}《`).name(refOf(e)).say("》写作的年份");
    w.say(era ? `；它是${era}的作品。` : "。");
    return "not-recorded";
  }
  const s = start(e);
  const t = end(e);
  const verbs =
    e.kind === "regime" ? { start: "建立于", end: "亡于" } : { start: "始于", end: "结束于" };
  if (aspect === "start" && s) {
    subject(w, e, `${verbs.start}${formatHistoricalDate(s)}。`);
    return "answered";
  }
  if (aspect === "end" && t) {
    subject(w, e, `${verbs.end}${formatHistoricalDate(t)}。`);
    return "answered";
  }
  if (aspect === "span" && (s || t)) {
    if (s && t && formatHistoricalDate(s) !== formatHistoricalDate(t)) {
      subject(w, e, `${e.kind === "regime" ? "存续于" : "发生于"}${formatYearRange(s, t)}。`);
    } else if (s) {
      subject(w, e, `${e.kind === "regime" ? "建立于" : "发生于"}${formatHistoricalDate(s)}。`);
    } else if (t) {
      subject(w, e, `${verbs.end}${formatHistoricalDate(t)}。`);
    }
    return "answered";
  }
  if (e.kind === "place") return placeNames(w, e);
  const wanted = aspect === "start" ? "开始的时间" : aspect === "end" ? "结束的时间" : "时间";
  w.say(NOT_RECORDED);
  subject(w, e, `${wanted}`);
  const span = spanText(e);
  w.say(span ? `；资料中记载的时间是${span}。` : "。");
  return "not-recorded";
};

/** A place has no one date: what is recorded is its names over time. */
function placeNames(w: AnswerWriter, e: AskEntry): Outcome {
  const names = Array.isArray(e.data.names) ? (e.data.names as Record<string, unknown>[]) : [];
  w.say(NOT_RECORDED);
  subject(w, e, "作为一个地点的起始年代");
  const dated = names
    .map((n) => ({ name: text(n.name), from: year(n.from) }))
    .filter((n): n is { name: string; from: number } => !!n.name && n.from !== undefined);
  if (dated.length > 0) {
    w.say("；记载的历代名称：");
    w.say(dated.map((n) => `${n.name}（${formatYear(n.from)}起）`).join("、"));
  }
  w.say("。");
  return "not-recorded";
}

export const bornOrDied =
  (which: "born" | "died"): Composer =>
  async (ctx, e, w, q) => {
    if (e.kind !== "person")
      return when(ctx, e, w, { ...q, aspect: which === "born" ? "start" : "end" });
    w.cite(refOf(e));
    const value = which === "born" ? born(e) : died(e);
    if (value) {
      subject(w, e, `${which === "born" ? "生于" : "卒于"}${formatHistoricalDate(value)}`);
      const other = which === "born" ? died(e) : born(e);
      if (other) w.say(`，${which === "born" ? "卒于" : "生于"}${formatHistoricalDate(other)}`);
      w.say("。");
      return "answered";
    }
    w.say(NOT_RECORDED);
    subject(w, e, `的${which === "born" ? "出生" : "去世"}年份`);
    const other = which === "born" ? died(e) : born(e);
    w.say(
      other ? `；已知${which === "born" ? "卒于" : "生于"}${formatHistoricalDate(other)}。` : "。",
    );
    return "not-recorded";
  };

/** 活了多少岁: the span between the recorded years, said to be a reckoning. */
export const lifespan: Composer = async (ctx, e, w, q) => {
  if (e.kind !== "person") return duration(ctx, e, w, q);
  w.cite(refOf(e));
  const b = born(e);
  const d = died(e);
  if (!b || !d) {
    w.say(NOT_RECORDED);
    subject(w, e, "完整的生卒年，无法推算寿命");
    if (b || d) lifeSentence(w.say("；已知"), e, "");
    w.say("。");
    return "not-recorded";
  }
  const years = yearsBetween(b.year, d.year);
  const uncertain = b.approx || d.approx || b.alt !== undefined || d.alt !== undefined;
  lifeSentence(subject(w, e, "，"), e, "");
  w.say(`，按生卒年推算${uncertain ? "约" : ""}活了${years}岁（古人多记虚岁，可能多一两岁）。`);
  return "answered";
};

/** 持续了多久: a regime's or event's span in years. */
export const duration: Composer = async (ctx, e, w, q) => {
  if (e.kind === "person") return lifespan(ctx, e, w, q);
  w.cite(refOf(e));
  const s = start(e);
  const t = end(e);
  if (s && t && s.year !== t.year) {
    const years = yearsBetween(s.year, t.year);
    subject(w, e, `从${formatHistoricalDate(s)}到${formatHistoricalDate(t)}，`);
    w.say(`${s.approx || t.approx ? "约" : "前后"}${years}年。`);
    return "answered";
  }
  if (s && (!t || s.year === t.year)) {
    subject(w, e, `发生于${spanText(e) ?? formatHistoricalDate(s)}，`);
    w.say(`${NOT_RECORDED}它跨越多年。`);
    return t ? "answered" : "not-recorded";
  }
  w.say(NOT_RECORDED);
  subject(w, e, "的起止年份。");
  return "not-recorded";
};

/** 在位: the reigns recorded in regimes' ruler lists under this person. */
export const reign: Composer = async (ctx, e, w) => {
  w.cite(refOf(e));
  if (e.kind !== "person") {
    w.say(NOT_RECORDED);
    subject(w, e, "的在位年份：只有君主有在位年份。");
    return "not-recorded";
  }
  // The person's own regime first, then regimes it is related to (君主 of another one).
  const related = await ctx.entries.relations(e.id).catch(() => null);
  const regimeIds = [
    regimeOf(e)?.id,
    ...(related?.relations ?? []).filter((r) => r.item.kind === "regime").map((r) => r.item.id),
  ].filter((id): id is string => !!id);
  const regimes = await loadEntries(ctx, [...new Set(regimeIds)]);
  const reigns: { regime: AskEntry; name: string; from?: number; to?: number; approx: boolean }[] =
    [];
  for (const regime of regimes) {
    const rulers = Array.isArray(regime.data.rulers)
      ? (regime.data.rulers as Record<string, unknown>[])
      : [];
    for (const ruler of rulers) {
      if (ref(regime, ruler.person)?.id !== e.id) continue;
      reigns.push({
        regime,
        name: text(ruler.name) ?? e.name,
        ...(year(ruler.start) !== undefined ? { from: year(ruler.start) } : {}),
        ...(year(ruler.end) !== undefined ? { to: year(ruler.end) } : {}),
        approx: ruler.approx === true,
      });
    }
  }
  const dated = reigns.filter((r) => r.from !== undefined);
  if (dated.length === 0) {
    w.say(NOT_RECORDED);
    subject(w, e, "在位的年份");
    w.say(reigns.length > 0 ? "。" : "（资料中的君主名单里没有此人）。");
    return "not-recorded";
  }
  dated.forEach((r, i) => {
    w.cite(refOf(r.regime));
    if (i > 0) w.say("；");
    // A second reign in the same list (明英宗's 正统 and 天顺) needs no second source.
    if (dated[i - 1]?.regime.id !== r.regime.id) {
      w.say("据").name(refOf(r.regime)).say("的君主名单，");
    }
    w.name(refOf(e), r.name).say("在位于");
    const from = r.from as number;
    if (r.to !== undefined) {
      const years = yearsBetween(from, r.to);
      w.say(`${r.approx ? "约" : ""}${formatYear(from)}至${formatYear(r.to)}`);
      w.say(years > 0 ? `，${r.approx ? "约" : "前后"}${years}年` : "，不足一年");
    } else {
      w.say(`${formatYear(from)}起`);
    }
  });
  w.say("。");
  return "answered";
};
