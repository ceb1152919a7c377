import type { AskEntryRef } from "@tongjian/contracts/ask";
import { formatYear } from "@tongjian/domain/year-format";
import type { Composer } from "./answer-context.ts";
import { NOT_RECORDED, subject } from "./answer-phrases.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, ref, refOf, refs, text, year } from "./ask-entry.ts";

// A regime's founder and rulers, an event's participants: the people recorded around them.

interface Ruler {
  name: string;
  person?: AskEntryRef;
  from?: number;
  to?: number;
  approx: boolean;
}

function rulersOf(e: AskEntry): Ruler[] {
  const list = Array.isArray(e.data.rulers) ? (e.data.rulers as Record<string, unknown>[]) : [];
  return list
    .map((r): Ruler | null => {
      const name = text(r.name);
      if (!name) return null;
      const person = ref(e, r.person);
      const from = year(r.start);
      const to = year(r.end);
      return {
        name,
        approx: r.approx === true,
        ...(person ? { person } : {}),
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
      };
    })
    .filter((r): r is Ruler => r !== null);
}

function rulerYears(r: Ruler): string {
  if (r.from !== undefined && r.to !== undefined) {
    const span = r.from === r.to ? formatYear(r.from) : `${formatYear(r.from)}—${formatYear(r.to)}`;
    return `${r.approx ? "约" : ""}${span}`;
  }
  if (r.from !== undefined) return `${formatYear(r.from)}即位`;
  return "";
}

/** "唐高祖李渊（618年—626年）"; a name with its era name in brackets keeps one pair of them. */
function writeRuler(w: AnswerWriter, r: Ruler) {
  const years = rulerYears(r);
  const bracketed = years && r.name.endsWith("）");
  const name = bracketed ? r.name.slice(0, -1) : r.name;
  if (r.person) w.name(r.person, name);
  else w.say(name);
  if (bracketed) w.say(`，${years}）`);
  else if (years) w.say(`（${years}）`);
}

/** 开国皇帝 / 建立者: the founder field, the 建立 relations, or else the first ruler listed. */
export const founder: Composer = async (ctx, e, w) => {
  w.cite(refOf(e));
  const relations = await ctx.entries.relations(e.id).catch(() => null);
  const builders = (relations?.relations ?? []).filter(
    (r) => r.type === "建立" && r.direction === "reverse",
  );
  if (e.kind === "regime") {
    const founderRef = ref(e, e.data.founder);
    const rulers = rulersOf(e);
    if (founderRef) {
      subject(w, e, "的建立者是").name(founderRef);
      const asRuler = rulers.find((r) => r.person?.id === founderRef.id);
      if (asRuler) {
        w.say("，即");
        writeRuler(w, asRuler);
      }
      w.say("。");
      return "answered";
    }
    if (builders.length > 0) {
      subject(w, e, "的建立者是")
        .names(builders.map((b) => ({ id: b.item.id, name: b.item.name, kind: b.item.kind })))
        .say("。");
      return "answered";
    }
    const first = rulers[0];
    w.say(NOT_RECORDED);
    subject(w, e, "的建立者");
    if (first) {
      w.say("；资料中记载的第一位君主是");
      writeRuler(w, first);
    }
    w.say("。");
    return "not-recorded";
  }
  if (builders.length > 0) {
    builders.forEach((b, i) => {
      if (i > 0) w.say("；");
      const item = { id: b.item.id, name: b.item.name, kind: b.item.kind };
      if (/的/u.test(b.label)) w.name(refOf(e)).say("是").name(item).say(b.label);
      else w.name(item).say(`建立了${e.name}`);
    });
    w.say("。");
    return "answered";
  }
  w.say(NOT_RECORDED);
  subject(w, e, "的建立者。");
  return "not-recorded";
};

/** 历代君主 (or the last of them). */
export const rulers: Composer = async (_ctx, e, w, q) => {
  w.cite(refOf(e));
  const list = rulersOf(e);
  if (e.kind !== "regime" || list.length === 0) {
    w.say(NOT_RECORDED);
    subject(w, e, e.kind === "regime" ? "的君主名单。" : `的君主：${e.name}不是政权。`);
    return "not-recorded";
  }
  if (q.aspect === "last") {
    const last = list.at(-1) as Ruler;
    subject(w, e, "的最后一位君主是");
    writeRuler(w, last);
    w.say("。");
    return "answered";
  }
  subject(w, e, `的君主，资料中记载了${list.length}位：`);
  list.forEach((r, i) => {
    if (i > 0) w.say("、");
    writeRuler(w, r);
  });
  w.say("。");
  return "answered";
};

/** 参与者: an event's participants, or the people related to it as 参与. */
export const participants: Composer = async (ctx, e, w) => {
  w.cite(refOf(e));
  let people = refs(e, e.data.participants);
  if (people.length === 0) {
    const relations = await ctx.entries.relations(e.id).catch(() => null);
    people = (relations?.relations ?? [])
      .filter((r) => r.type === "参与")
      .map((r) => ({ id: r.item.id, name: r.item.name, kind: r.item.kind }));
  }
  if (people.length === 0) {
    w.say(NOT_RECORDED);
    subject(w, e, e.kind === "event" ? "的参与者。" : `的参与者：${e.name}不是事件。`);
    return "not-recorded";
  }
  subject(w, e, "的参与者有").names(people, 20).say("。");
  return "answered";
};
