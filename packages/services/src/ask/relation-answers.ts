import type { AskEntryRef, AskPathStep } from "@tongjian/contracts/ask";
import type { EntryRelations } from "@tongjian/contracts/content";
import type { KinRole } from "@tongjian/domain/ask-question";
import {
  relationSentence,
  relationStep,
  reverseRelationLabel,
} from "@tongjian/domain/relation-phrases";
import { formatYear, isValidYear } from "@tongjian/domain/year-format";
import { DEFAULT_MAX_STEPS, type RelationEdge } from "../graph/relation-graph.ts";
import {
  type AnswerContext,
  type Composer,
  loadEntries,
  type PathResult,
} from "./answer-context.ts";
import { NOT_RECORDED } from "./answer-phrases.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, refOf } from "./ask-entry.ts";

// Answers from the relation table: relatives, teachers, students and friends of one entry (the
// entry service's relation list), and how two entries are related (the relation graph).

type Relation = EntryRelations["relations"][number];

interface Found {
  item: AskEntryRef;
  /** What the item is to the entry asked about, when the relation says more than the role. */
  label: string;
  /** For a row whose reverse is not certain: what the entry asked about is to the item. */
  reverse?: string;
}

const item = (r: Relation): AskEntryRef => ({
  id: r.item.id,
  name: r.item.name,
  kind: r.item.kind,
});

/** What the related entry is to the one asked about, read from either end of the row. */
function labelFor(r: Relation): string | null {
  if (r.direction === "one-way" || r.direction === "twoway") return r.label;
  return reverseRelationLabel({ type: r.type, label: r.label, twoway: false });
}

const PARENT = ["父子", "父女", "母子", "母女"];
const SIBLING = ["兄弟", "兄妹", "姐弟", "姐妹"];
const TEACHER_LABEL = /老师|师父|恩师/u;
/** Labels that only name the role, and say nothing the reverse reading does not. */
const GENERIC_LABELS = new Set(["儿子", "女儿", "学生", "弟子", "门生", "妻子", "丈夫", "好友"]);

const KIN_RULES: Record<KinRole, (r: Relation) => boolean> = {
  father: (r) => (r.type === "父子" || r.type === "父女") && r.direction === "reverse",
  mother: (r) => (r.type === "母子" || r.type === "母女") && r.direction === "reverse",
  son: (r) =>
    (r.type === "父子" || r.type === "母子") && r.direction === "one-way" && !/女/u.test(r.label),
  daughter: (r) =>
    PARENT.includes(r.type) &&
    r.direction === "one-way" &&
    (r.type === "父女" || r.type === "母女" || /女/u.test(r.label)),
  children: (r) => PARENT.includes(r.type) && r.direction === "one-way",
  spouse: (r) => r.type === "夫妻",
  sibling: (r) => SIBLING.includes(r.type),
  grandparent: (r) => r.type === "祖孙" && r.direction === "reverse",
  grandchild: (r) => r.type === "祖孙" && r.direction === "one-way",
};

const PERSONAL_RULES = {
  teacher: (r: Relation) =>
    r.type === "师生" &&
    (r.direction === "reverse" ? !TEACHER_LABEL.test(r.label) : TEACHER_LABEL.test(r.label)),
  students: (r: Relation) =>
    r.type === "师生" &&
    (r.direction === "one-way" ? !TEACHER_LABEL.test(r.label) : TEACHER_LABEL.test(r.label)),
  friends: (r: Relation) => r.type === "朋友",
};

function found(relations: Relation[], keep: (r: Relation) => boolean): Found[] {
  const seen = new Set<string>();
  return relations
    .filter(keep)
    .filter((r) => !seen.has(r.item.id) && seen.add(r.item.id))
    .map((r) => {
      // A row read from its `to` end says what the entry asked about is (次子, 问礼者): kept,
      // as "（李世民是其次子）", rather than guessed back, unless it only names the role.
      if (r.direction === "reverse") {
        const reverse = GENERIC_LABELS.has(r.label) ? undefined : r.label;
        return { item: item(r), label: labelFor(r) ?? "", ...(reverse ? { reverse } : {}) };
      }
      return { item: item(r), label: r.label };
    });
}

function note(f: Found, e: AskEntry, word = ""): string {
  if (f.reverse) return `（${e.name}是其${f.reverse}）`;
  return f.label && f.label !== word ? `（${f.label}）` : "";
}

function writeFound(w: AnswerWriter, e: AskEntry, word: string, list: Found[]) {
  if (list.length === 1) {
    const [only] = list as [Found];
    w.name(refOf(e))
      .say(`的${word}是`)
      .name(only.item)
      .say(`${note(only, e, word)}。`);
    return;
  }
  w.name(refOf(e)).say(`的${word}，资料中记载了${list.length}位：`);
  list.slice(0, 20).forEach((f, i) => {
    if (i > 0) w.say("、");
    w.name(f.item).say(note(f, e, word));
  });
  w.say(list.length > 20 ? `等${list.length}位。` : "。");
}

async function relationsOf(ctx: AnswerContext, e: AskEntry): Promise<Relation[]> {
  return (await ctx.entries.relations(e.id)).relations;
}

/** What is recorded of someone's family when the relative asked about is not. */
function writeKnownFamily(w: AnswerWriter, e: AskEntry, relations: Relation[]) {
  const family = found(relations, (r) => [...PARENT, ...SIBLING, "夫妻", "祖孙"].includes(r.type));
  if (family.length === 0) return;
  w.say("；资料中记载的亲属有");
  family.slice(0, 8).forEach((f, i) => {
    if (i > 0) w.say("、");
    w.name(f.item).say(note(f, e));
  });
}

export const kin: Composer = async (ctx, e, w, q) => {
  w.cite(refOf(e));
  const word = q.roleWord ?? "亲属";
  const role = q.role ?? "children";
  if (e.kind !== "person") {
    w.say(`${NOT_RECORDED}`).name(refOf(e)).say(`的${word}：它不是人物。`);
    return "not-recorded";
  }
  const relations = await relationsOf(ctx, e);
  const list = found(relations, KIN_RULES[role]);
  if (list.length === 0) {
    w.say(NOT_RECORDED).name(refOf(e)).say(`的${word}`);
    writeKnownFamily(w, e, relations);
    w.say("。");
    return "not-recorded";
  }
  writeFound(w, e, word, list);
  return "answered";
};

export const personal =
  (which: "teacher" | "students" | "friends"): Composer =>
  async (ctx, e, w) => {
    w.cite(refOf(e));
    const word = { teacher: "老师", students: "学生", friends: "朋友" }[which];
    if (e.kind !== "person") {
      w.say(NOT_RECORDED).name(refOf(e)).say(`的${word}：它不是人物。`);
      return "not-recorded";
    }
    const list = found(await relationsOf(ctx, e), PERSONAL_RULES[which]);
    if (list.length === 0) {
      w.say(NOT_RECORDED).name(refOf(e)).say(`的${word}。`);
      return "not-recorded";
    }
    writeFound(w, e, word, list);
    return "answered";
  };

/** Relations of the fact kind (to events, regimes, places): a chain through people reads better. */
const FACT_TYPES = new Set(["参与", "任职", "定都", "建立", "作者", "影响"]);
const tieCost = (edge: RelationEdge) => (FACT_TYPES.has(edge.type) ? 1 : 0);

function writeEdge(w: AnswerWriter, edge: RelationEdge, byId: Map<string, AskEntryRef>) {
  const from = byId.get(edge.fromId);
  const to = byId.get(edge.toId);
  if (!from || !to) return;
  w.phrase(relationSentence(edge), from, to);
  // The note usually names the year already ("744年洛阳相识"); the year alone when it does not.
  if (edge.note) w.say(`（${edge.note}）`);
  else if (edge.year !== null && isValidYear(edge.year)) w.say(`（${formatYear(edge.year)}）`);
}

function pathStep(edge: RelationEdge, from: AskEntryRef, to: AskEntryRef): AskPathStep {
  const step = relationStep(edge, from.id);
  return { from, to, type: edge.type, label: step.label, direction: step.direction };
}

/**
 * How two entries are related: every relation recorded between them, or else the shortest
 * chain of relations (up to four steps, through people before events and places). Nothing is
 * said that no relation row records.
 */
export async function relationBetween(
  ctx: AnswerContext,
  a: AskEntry,
  b: AskEntry,
  w: AnswerWriter,
  asked: [string, string],
): Promise<PathResult> {
  w.cite(refOf(a), refOf(b));
  if (a.id === b.id) {
    w.say(`「${asked[0]}」和「${asked[1]}」说的是同一个对象：`).name(refOf(a)).say("。");
    return { outcome: "answered", path: null };
  }
  const graph = await ctx.graph.get();
  const direct = [...graph.between(a.id, b.id)].sort((x, y) => tieCost(x) - tieCost(y));
  const refs = new Map<string, AskEntryRef>([
    [a.id, refOf(a)],
    [b.id, refOf(b)],
  ]);
  if (direct.length > 0) {
    direct.forEach((edge, i) => {
      if (i > 0) w.say("；");
      writeEdge(w, edge, refs);
    });
    w.say("。");
    const [first] = direct as [RelationEdge];
    return { outcome: "answered", path: [pathStep(first, refOf(a), refOf(b))] };
  }
  const steps = graph.shortestPath(a.id, b.id, { maxSteps: DEFAULT_MAX_STEPS, tieCost });
  if (!steps || steps.length === 0) {
    w.say(NOT_RECORDED).name(refOf(a)).say("和").name(refOf(b));
    w.say(`之间的关系，在${DEFAULT_MAX_STEPS}步之内也没有找到把两者联系起来的记载。`);
    return { outcome: "not-recorded", path: null };
  }
  const middle = await loadEntries(
    ctx,
    steps.slice(0, -1).map((s) => s.to),
  );
  for (const m of middle) refs.set(m.id, refOf(m));
  w.say(NOT_RECORDED).name(refOf(a)).say("和").name(refOf(b));
  w.say(`之间的直接关系，但可以通过${steps.length}步联系起来：`);
  const path: AskPathStep[] = [];
  steps.forEach((s, i) => {
    const from = refs.get(s.from);
    const to = refs.get(s.to);
    if (!from || !to) return;
    if (i > 0) w.say("；");
    writeEdge(w, s.edge, refs);
    path.push(pathStep(s.edge, from, to));
    w.cite(to);
  });
  w.say("。");
  return { outcome: "answered", path };
}
