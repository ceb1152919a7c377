import type {
  AskAnswer,
  AskChoice,
  AskPathStep,
  AskSearch,
  AskStatus,
} from "@tongjian/contracts/ask";
import { ASK_QUESTION_MAX_LENGTH } from "@tongjian/domain/ask-page";
import {
  type AskIntent,
  type ParsedQuestion,
  parseQuestion,
  searchWords,
} from "@tongjian/domain/ask-question";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import type { EntryService } from "../content/entries.server.ts";
import type { RelationGraphSource } from "../graph/relation-graph-source.ts";
import type { SearchService } from "../search/search.server.ts";
import { type AnswerContext, type Composer, INTENT_KINDS } from "./answer-context.ts";
import { NOT_RECORDED } from "./answer-phrases.ts";
import { AnswerWriter } from "./answer-writer.ts";
import { type AskEntry, namesOf, refOf } from "./ask-entry.ts";
import type { AskRepository } from "./ask-repository.ts";
import { courtesyOrStyle, dynasty, who } from "./identity-answers.ts";
import {
  createMentionResolver,
  type MentionResolver,
  type Resolution,
} from "./mention-resolver.ts";
import { capital, native, where } from "./place-answers.ts";
import { founder, participants, rulers } from "./regime-answers.ts";
import { kin, personal, relationBetween } from "./relation-answers.ts";
import { bornOrDied, duration, lifespan, reign, when } from "./time-answers.ts";
import { authorAnswer, bookEventAnswer, works } from "./work-answers.ts";

/** Search hits offered with an answer the corpus does not hold. */
const SEARCH_HITS_SHOWN = 5;
/** Words searched for at most: names are short, and a question's leftovers can be long. */
const SEARCH_WORDS_MAX = 20;

const COMPOSERS: Record<Exclude<AskIntent, "relation" | "unknown">, Composer> = {
  who,
  when,
  born: bornOrDied("born"),
  died: bornOrDied("died"),
  lifespan,
  reign,
  duration,
  where,
  native,
  capital,
  dynasty,
  works,
  kin,
  teacher: personal("teacher"),
  students: personal("students"),
  friends: personal("friends"),
  courtesy: courtesyOrStyle("courtesy"),
  style: courtesyOrStyle("style"),
  founder,
  rulers,
  participants,
  author: (ctx, entry, w) => authorAnswer(ctx, [entry], w),
};

/** What 问史 can answer, said when a question is of another kind. */
const CAPABILITIES =
  "问史能回答：人物是谁、生卒年、籍贯、字号、朝代、亲属师友和作品；事件的时间、地点和参与者；朝代的都城、建立者和君主；作品的作者；以及两者之间的关系。";

interface Draft {
  status: AskStatus;
  writer: AnswerWriter;
  path?: AskPathStep[] | null;
  choices?: AskChoice[];
  search?: AskSearch | null;
}

/**
 * 问史 (/ai): answers a question from the corpus only. The question is parsed by rules
 * (ask-question.ts), the names in it are resolved through the search service, and the answer
 * is written from fields of the entries found, citing them. A name that fits several entries
 * is asked back; a question or a name the corpus does not know is said to be unknown, with
 * search results for its words.
 */
export function createAskService(deps: {
  search: SearchService;
  entries: EntryService;
  repository: AskRepository;
  graph: RelationGraphSource;
}) {
  const ctx: AnswerContext = {
    entries: deps.entries,
    repository: deps.repository,
    graph: deps.graph,
  };

  async function searchFor(q: string): Promise<AskSearch | null> {
    const words = Array.from(q.trim()).slice(0, SEARCH_WORDS_MAX).join("");
    if (!words) return null;
    const page = await deps.search.entryPage({ q: words, page: 1, size: SEARCH_HITS_SHOWN });
    return {
      q: words,
      total: page.total,
      list: page.list.map((h) => ({
        id: h.id,
        name: h.name,
        kind: h.kind,
        timeDesc: h.timeDesc,
        summary: h.summary,
      })),
    };
  }

  /** The question asked again about one entry: the name as written replaced by its own. */
  function choicesFor(
    entries: AskEntry[],
    mention: string,
    parsed: ParsedQuestion,
    original: string,
  ): AskChoice[] {
    return entries.map((e) => {
      const source = parsed.text.includes(mention) ? parsed.text : original;
      const question = source.includes(mention)
        ? source.replace(mention, e.name)
        : `介绍一下${e.name}`;
      const description = [ENTRY_KIND_NAMES[e.kind] ?? "词条", e.timeDesc]
        .filter(Boolean)
        .join(" · ");
      return { ...refOf(e), description, question };
    });
  }

  function ambiguous(
    resolution: Extract<Resolution, { status: "ambiguous" }>,
    mention: string,
    parsed: ParsedQuestion,
    original: string,
  ): Draft {
    const w = new AnswerWriter();
    const shown = resolution.entries.slice(0, 8);
    // One name of several entries (宋), or several names in one mention (李白杜甫).
    const shared = shown.every((e) => {
      const names = namesOf(e);
      return [names.main, ...names.others].includes(resolution.matched);
    });
    if (shared) w.say(`「${resolution.matched}」可以指`).names(shown.map(refOf));
    else w.say(`「${mention}」里有`).names(shown.map(refOf));
    w.say("，你问的是哪一个？");
    return {
      status: "ambiguous",
      writer: w,
      choices: choicesFor(shown, mention, parsed, original),
    };
  }

  async function notFound(mention: string, intent?: AskIntent): Promise<Draft> {
    const search = await searchFor(mention);
    if (intent === "author" && search) {
      const w = new AnswerWriter();
      const outcome = await bookEventAnswer(ctx, mention, search.list, w);
      if (outcome) return { status: outcome, writer: w };
    }
    const w = new AnswerWriter().say(`${NOT_RECORDED}「${mention}」，不知道你问的是谁或什么。`);
    w.say(search && search.total > 0 ? "下面是搜索到的相关词条。" : "搜索也没有找到相关词条。");
    return { status: "not-found", writer: w, search };
  }

  /** A question no rule understood: say so, and search for the name in it, if any. */
  async function unsupported(parsed: ParsedQuestion, resolver: MentionResolver): Promise<Draft> {
    const segments = searchWords(parsed.text)
      .split(" ")
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    let known: AskEntry | null = null;
    for (const segment of segments) {
      const r = await resolver.resolve(segment);
      if (r.status === "found") {
        known = r.entry;
        break;
      }
    }
    const w = new AnswerWriter().say(`不知道。${NOT_RECORDED}这方面的内容`);
    if (known) w.say("，可以先看看").name(refOf(known)).say("的词条");
    w.say(`。${CAPABILITIES}`);
    const search = await searchFor(known?.name ?? segments[0] ?? "");
    return { status: "unsupported", writer: w, search };
  }

  async function relation(parsed: ParsedQuestion, original: string, resolver: MentionResolver) {
    let firstMiss: { mention: string; resolution: Resolution } | null = null;
    for (const pair of parsed.pairs) {
      const [a, b] = await Promise.all(pair.map((m) => resolver.resolve(m)));
      if (a?.status === "found" && b?.status === "found") {
        const asked = new Map([
          [a.entry.id, a.matched],
          [b.entry.id, b.matched],
        ]);
        const w = new AnswerWriter(asked);
        const result = await relationBetween(ctx, a.entry, b.entry, w, pair);
        const status: AskStatus = result.outcome === "answered" ? "answered" : "not-recorded";
        return { status, writer: w, path: result.path } satisfies Draft;
      }
      if (!firstMiss) {
        const miss = a?.status !== "found" ? { m: pair[0], r: a } : { m: pair[1], r: b };
        if (miss.r) firstMiss = { mention: miss.m, resolution: miss.r };
      }
    }
    // A bare "A和B" that is not two names may be one name (an event called "A与B").
    if (parsed.implicit) {
      return about({ ...parsed, intent: "who", subject: parsed.text }, original, resolver);
    }
    if (firstMiss?.resolution.status === "ambiguous") {
      return ambiguous(firstMiss.resolution, firstMiss.mention, parsed, original);
    }
    return notFound(firstMiss?.mention ?? parsed.text);
  }

  async function about(parsed: ParsedQuestion, original: string, resolver: MentionResolver) {
    const mention = parsed.subject ?? "";
    const resolution = await resolver.resolve(mention, INTENT_KINDS[parsed.intent] ?? []);
    // A bare text is an introduction only when it is a name: "李白喜欢" asks something else.
    if (parsed.implicit && resolution.status !== "none" && resolution.partial) {
      return unsupported(parsed, resolver);
    }
    if (resolution.status === "ambiguous") {
      // Several poems of one title (春望) are all answered; other ambiguity is asked back.
      const texts = resolution.entries.every((e) => e.kind === "poem" || e.kind === "classic");
      if (parsed.intent === "author" && texts) {
        const w = new AnswerWriter();
        const outcome = await authorAnswer(ctx, resolution.entries, w);
        return { status: outcome, writer: w } satisfies Draft;
      }
      return ambiguous(resolution, mention, parsed, original);
    }
    if (resolution.status === "none") {
      return parsed.implicit ? unsupported(parsed, resolver) : notFound(mention, parsed.intent);
    }
    const asked = new Map([[resolution.entry.id, resolution.matched]]);
    const w = new AnswerWriter(asked);
    const intent =
      parsed.intent === "relation" || parsed.intent === "unknown" ? "who" : parsed.intent;
    const outcome = await COMPOSERS[intent](ctx, resolution.entry, w, parsed);
    return { status: outcome, writer: w } satisfies Draft;
  }

  return {
    async answer(question: string): Promise<AskAnswer> {
      const original = Array.from(question.trim()).slice(0, ASK_QUESTION_MAX_LENGTH).join("");
      const parsed = parseQuestion(original);
      const resolver = createMentionResolver({
        search: deps.search,
        repository: deps.repository,
      });
      const draft: Draft =
        parsed.intent === "relation"
          ? await relation(parsed, original, resolver)
          : parsed.intent === "unknown"
            ? await unsupported(parsed, resolver)
            : await about(parsed, original, resolver);
      const { text, parts, cited } = draft.writer.result();
      return {
        question: original,
        status: draft.status,
        intent: parsed.intent,
        text,
        parts,
        cited,
        path: draft.path ?? null,
        choices: draft.choices ?? [],
        search: draft.search ?? null,
      };
    },
  };
}

export type AskService = ReturnType<typeof createAskService>;
