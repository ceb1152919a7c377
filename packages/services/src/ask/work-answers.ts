import type { AskEntryRef } from "@tongjian/contracts/ask";
import { TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";
import { eraName, relationSentence } from "@tongjian/domain/relation-phrases";
import { formatYearRange } from "@tongjian/domain/year-format";
import { type AnswerContext, type Composer, loadEntries, type Outcome } from "./answer-context.ts";
import { NOT_RECORDED } from "./answer-phrases.ts";
import type { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, date, ref, refOf, refs, text } from "./ask-entry.ts";

// 作品 and 作者: an author's works are the 作品 rows (poems, classic chapters, curated works)
// in the importer's order, the best-known collections first; a work's author is its own field.

const WORKS_SHOWN = 8;

const isText = (e: AskEntry) => (TEXT_ENTRY_KINDS as readonly string[]).includes(e.kind);

function title(w: AnswerWriter, entry: AskEntryRef) {
  w.say("《").name(entry).say("》");
}

export const works: Composer = async (ctx, e, w) => {
  w.cite(refOf(e));
  if (e.kind !== "person") {
    w.say(NOT_RECORDED).name(refOf(e)).say("的作品：");
    w.say(isText(e) ? "它本身是一篇作品。" : "它不是人物。");
    return "not-recorded";
  }
  const [page, relations] = await Promise.all([
    ctx.entries.worksPage({ id: e.id, page: 1, size: WORKS_SHOWN }),
    ctx.entries.relations(e.id).catch(() => null),
  ]);
  // 作者 rows tie a writer to what a text of theirs is about (岳阳楼, a war they recorded).
  const written = (relations?.relations ?? []).filter(
    (r) => r.type === "作者" && r.direction === "one-way",
  );
  if (page.total === 0 && written.length === 0) {
    w.say(NOT_RECORDED).name(refOf(e)).say("的作品：资料中还没有收录。");
    return "not-recorded";
  }
  let outcome: Outcome = "not-recorded";
  if (page.total > 0) {
    outcome = "answered";
    w.say("资料中收录了").name(refOf(e)).say(`的作品${page.total}篇`);
    w.say(page.total > page.list.length ? "，排在前面的有" : "：");
    // Titles in 《》 follow one another without a 、.
    for (const work of page.list) title(w, { id: work.id, name: work.name, kind: work.kind });
    w.say(page.total > page.list.length ? "（按选本和原书次序）。" : "。");
  }
  if (written.length > 0) {
    outcome = "answered";
    w.say(page.total > 0 ? "与其文章相关的还有：" : "资料中记载：");
    written.forEach((r, i) => {
      if (i > 0) w.say("；");
      const place = { id: r.item.id, name: r.item.name, kind: r.item.kind };
      w.phrase(relationSentence({ type: r.type, label: r.label, twoway: false }), refOf(e), place);
    });
    w.say("。");
  }
  return outcome;
};

/** The author a work's own fields name: a poem's author (linked when the poet is in the corpus). */
function authorOf(e: AskEntry): { ref?: AskEntryRef; name?: string } {
  const named = ref(e, e.data.author);
  if (named) return { ref: named };
  const name = text(e.data.author);
  const id = text(e.data.authorId);
  if (name && id) return { ref: { id, name, kind: "person" } };
  return name ? { name } : {};
}

function writeAuthor(w: AnswerWriter, e: AskEntry): boolean {
  const { ref: author, name } = authorOf(e);
  const dynasty = text(e.data.dynasty) ?? e.timeDesc ?? undefined;
  if (!author && !name) return false;
  if (dynasty) w.say(eraName(dynasty));
  if (author) w.name(author).cite(author);
  else if (name) w.say(name);
  return true;
}

/**
 * 谁写的: the author of each work of that title (several poets wrote a 春望), or, for a place or
 * an event, the writers the 作者 rows name (范仲淹 for 岳阳楼).
 */
export async function authorAnswer(
  ctx: AnswerContext,
  found: AskEntry[],
  w: AnswerWriter,
): Promise<Outcome> {
  const works = found.filter((e) => isText(e) || authorOf(e).name || authorOf(e).ref);
  if (works.length === 1) {
    const [work] = works as [AskEntry];
    w.cite(refOf(work));
    title(w, refOf(work));
    w.say("的作者是");
    if (!writeAuthor(w, work)) {
      w.say("谁，").say(`${NOT_RECORDED}。`);
      return "not-recorded";
    }
    const collection = text(work.data.collection);
    w.say(collection ? `，收入《${collection}》。` : "。");
    return "answered";
  }
  if (works.length > 1) {
    w.say(`资料中题为《${works[0]?.name}》的作品有${works.length}篇：`);
    works.slice(0, 10).forEach((work, i) => {
      w.cite(refOf(work));
      if (i > 0) w.say("；");
      if (!writeAuthor(w, work)) w.say("未记载作者");
      w.say("的");
      title(w, refOf(work));
    });
    w.say("。");
    return "answered";
  }
  const [e] = found;
  if (!e) return "not-recorded";
  const book = e.kind === "event" ? BOOK_EVENT.exec(e.name)?.[1] : undefined;
  if (e.kind === "event" && book) return writeBookEvent(w, e, book);
  w.cite(refOf(e));
  const relations = await ctx.entries.relations(e.id).catch(() => null);
  const writers = (relations?.relations ?? []).filter(
    (r) => r.type === "作者" && r.direction === "reverse",
  );
  if (writers.length > 0) {
    writers.forEach((r, i) => {
      if (i > 0) w.say("；");
      const writer = { id: r.item.id, name: r.item.name, kind: r.item.kind };
      w.cite(writer);
      w.phrase(relationSentence({ type: r.type, label: r.label, twoway: false }), writer, refOf(e));
    });
    w.say("。");
    return "answered";
  }
  w.name(refOf(e)).say(`不是一篇作品，${NOT_RECORDED}它的作者。`);
  return "not-recorded";
}

/** Events of a book's making: "《史记》成书", "《资治通鉴》编修", "《天工开物》刊行". */
const BOOK_EVENT = /^《(.+)》(?:成书|编修|编纂|编撰|撰写|创作|出版|刊行|译成|写成|问世)$/u;

/**
 * A book with no entry of its own whose making is an event: the people the event records, said
 * to be that (not "the author"), from the event's own fields.
 */
function writeBookEvent(w: AnswerWriter, event: AskEntry, title: string): Outcome {
  const people = refs(event, event.data.participants);
  w.cite(refOf(event));
  w.say(`资料中没有《${title}》这部作品的词条。事件`).name(refOf(event));
  const start = date(event.data.start);
  const end = date(event.data.end);
  if (start && end) w.say(`（${formatYearRange(start, end)}）`);
  if (people.length === 0) {
    w.say(`${NOT_RECORDED}相关人物。`);
    return "not-recorded";
  }
  w.say("记载的相关人物有").names(people).say("。");
  return "answered";
}

/** 谁写的 for a title no entry bears: the event of its making among the search hits, if any. */
export async function bookEventAnswer(
  ctx: AnswerContext,
  title: string,
  hits: { id: string; kind: string; name: string }[],
  w: AnswerWriter,
): Promise<Outcome | null> {
  const hit = hits.find((h) => h.kind === "event" && BOOK_EVENT.exec(h.name)?.[1] === title);
  if (!hit) return null;
  const [event] = await loadEntries(ctx, [hit.id]);
  return event ? writeBookEvent(w, event, title) : null;
}
