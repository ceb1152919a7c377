import { eraName } from "@tongjian/domain/relation-phrases";
import { formatYearRange } from "@tongjian/domain/year-format";
import type { Composer } from "./answer-context.ts";
import {
  born,
  died,
  kindWord,
  lifeSentence,
  NOT_RECORDED,
  personTitle,
  regimeOf,
  spanText,
  subject,
  textEra,
} from "./answer-phrases.ts";
import { firstSentence, ref, refOf, refs, text, textList } from "./ask-entry.ts";

// Who or what an entry is: an introduction, its dynasty, a person's 字 and 号.

/** 谁 / 是什么: who or what the entry is, from its fields, then its summary's first sentence. */
export const who: Composer = async (_ctx, e, w) => {
  w.cite(refOf(e));
  switch (e.kind) {
    case "person": {
      subject(w, e);
      const courtesy = text(e.data.courtesy);
      const styles = textList(e.data.style);
      if (courtesy) w.say(`，字${courtesy}`);
      if (styles.length > 0) w.say(`，号${styles.join("、")}`);
      w.say("，");
      if (personTitle(w, e)) w.say("，");
      if (!lifeSentence(w, e, "")) w.say(`生卒年${NOT_RECORDED}`);
      w.say("。");
      break;
    }
    case "regime": {
      subject(w, e);
      const span = spanText(e);
      if (span) w.say(`（${span}）`);
      const period = text(e.data.period);
      w.say(period ? `，${period}时期的政权` : "，政权");
      const founder = ref(e, e.data.founder);
      if (founder) w.say("，由").name(founder).say("建立");
      const capitals = refs(e, e.data.capitals);
      if (capitals.length > 0) w.say("，都城").names(capitals);
      w.say("。");
      break;
    }
    case "event": {
      subject(w, e, "，");
      const span = spanText(e);
      if (span) w.say(`${span}，`);
      const regime = regimeOf(e);
      if (regime) w.name(regime, eraName(regime.name)).say("的");
      w.say(text(e.data.category) ?? "事件");
      const places = refs(e, e.data.places);
      if (places.length > 0) w.say("，地点在").names(places);
      w.say("。");
      break;
    }
    case "place": {
      subject(w, e);
      const modern = text(e.data.modern);
      w.say(modern ? `，今${modern}。` : "，地点。");
      break;
    }
    case "poem": {
      w.say("《").name(refOf(e)).say("》，");
      const era = textEra(e);
      const authorId = text(e.data.authorId);
      const author = text(e.data.author);
      if (era) w.say(era);
      if (author && authorId) w.name({ id: authorId, name: author, kind: "person" });
      else if (author) w.say(author);
      w.say(author || era ? "的作品" : "作品");
      const collection = text(e.data.collection);
      if (collection) w.say(`，收入《${collection}》`);
      const first = textList(e.data.paragraphs)[0];
      w.say(first ? `。首句：“${first}”` : "。");
      return "answered";
    }
    case "classic": {
      w.say("《").name(refOf(e)).say("》");
      const book = text(e.data.book);
      w.say(book && book !== e.name ? `，《${book}》中的一篇。` : "，典籍。");
      break;
    }
    default:
      subject(w, e, "：");
  }
  const summary = firstSentence(e.summary);
  if (summary) w.say(summary);
  return "answered";
};

/** 哪个朝代: a person's or event's regime, a text's dynasty, the regimes a place served. */
export const dynasty: Composer = async (ctx, e, w) => {
  w.cite(refOf(e));
  const regime = regimeOf(e);
  switch (e.kind) {
    case "person": {
      if (!regime) {
        w.say(NOT_RECORDED);
        subject(w, e, "所属的朝代");
        const b = born(e);
        const d = died(e);
        w.say(b && d ? `；已知生卒年为${formatYearRange(b, d)}。` : "。");
        return "not-recorded";
      }
      const era = eraName(regime.name);
      // Names like 中华民国 read "生活在…时期", dynasties "是唐代人".
      if (/国$/u.test(regime.name)) subject(w, e, "生活在").name(regime, era).say("时期");
      else subject(w, e, "是").name(regime, era).say("人");
      const b = born(e);
      const d = died(e);
      if (b && d) w.say(`（${formatYearRange(b, d)}）`);
      w.say("。");
      return "answered";
    }
    case "event": {
      if (!regime) {
        w.say(NOT_RECORDED);
        subject(w, e, "所属的朝代。");
        return "not-recorded";
      }
      subject(w, e, "发生在").name(regime, eraName(regime.name));
      const span = spanText(e);
      w.say(span ? `（${span}）。` : "。");
      return "answered";
    }
    case "regime": {
      subject(w, e, "本身是一个政权");
      const span = spanText(e);
      if (span) w.say(`（${span}）`);
      const period = text(e.data.period);
      if (period) w.say(`，属于${period}时期`);
      const before = ref(e, e.data.predecessor);
      const after = ref(e, e.data.successor);
      if (before) w.say("，上承").name(before);
      if (after) w.say("，下启").name(after);
      w.say("。");
      return "answered";
    }
    case "poem":
    case "classic": {
      const era = textEra(e);
      if (!era) {
        w.say(NOT_RECORDED);
        subject(w, e, "的朝代。");
        return "not-recorded";
      }
      w.say("《").name(refOf(e)).say(`》是${era}的作品`);
      const author = text(e.data.author);
      w.say(author ? `，作者${author}。` : "。");
      return "answered";
    }
    case "place": {
      const relations = await ctx.entries.relations(e.id).catch(() => null);
      const regimes = (relations?.relations ?? [])
        .filter((r) => r.type === "定都" && r.item.kind === "regime")
        .map((r) => ({ id: r.item.id, name: r.item.name, kind: r.item.kind }));
      subject(w, e, "是地点，不属于某一个朝代");
      if (regimes.length > 0) w.say("；资料记载它曾是").names(regimes).say("的都城");
      w.say("。");
      return regimes.length > 0 ? "answered" : "not-recorded";
    }
    default:
      w.say(NOT_RECORDED);
      subject(w, e, "的朝代。");
      return "not-recorded";
  }
};

/** 字 or 号, and the other one when the asked one is missing. */
export const courtesyOrStyle =
  (which: "courtesy" | "style"): Composer =>
  async (_ctx, e, w) => {
    w.cite(refOf(e));
    const courtesy = text(e.data.courtesy);
    const styles = textList(e.data.style);
    const word = which === "courtesy" ? "字" : "号";
    if (e.kind !== "person") {
      w.say(NOT_RECORDED);
      subject(w, e, `的${word}：${e.name}是${kindWord(e)}，只有人物有字号。`);
      return "not-recorded";
    }
    if (which === "courtesy" && courtesy) {
      subject(w, e, `，字${courtesy}`);
      if (styles.length > 0) w.say(`，号${styles.join("、")}`);
      w.say("。");
      return "answered";
    }
    if (which === "style" && styles.length > 0) {
      subject(w, e);
      if (courtesy) w.say(`，字${courtesy}`);
      w.say(`，号${styles.join("、")}。`);
      return "answered";
    }
    w.say(NOT_RECORDED);
    subject(w, e, `的${word}`);
    if (which === "style" && courtesy) w.say(`；已知字${courtesy}`);
    if (which === "courtesy" && styles.length > 0) w.say(`；已知号${styles.join("、")}`);
    const others = e.aliases.filter((a) => a !== courtesy && !styles.includes(a)).slice(0, 4);
    if (others.length > 0) w.say(`；资料记载的别称有${others.join("、")}`);
    w.say("。");
    return "not-recorded";
  };
