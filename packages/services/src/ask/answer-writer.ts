import type { AskEntryRef, AskTextPart } from "@tongjian/contracts/ask";
import type { PhraseToken } from "@tongjian/domain/relation-phrases";

/**
 * Writes an answer a piece at a time: plain text, and entry names that link to the entry. The
 * first mention of an entry the reader named by another name says so ("李世民（唐太宗）");
 * later mentions are plain text, so a long answer is not a wall of links. What the answer was
 * built from is cited separately ({@link AnswerWriter.cite}).
 */
export class AnswerWriter {
  private readonly parts: AskTextPart[] = [];
  private readonly citedById = new Map<string, AskEntryRef>();
  private readonly linked = new Set<string>();

  /** `askedAs`: the name the reader used for an entry, when it is not the entry's name. */
  constructor(private readonly askedAs: ReadonlyMap<string, string> = new Map()) {}

  say(text: string): this {
    if (!text) return this;
    const last = this.parts.at(-1);
    if (last && last.id === null) last.text += text;
    else this.parts.push({ text, id: null });
    return this;
  }

  /** The entry's name (or `label`, e.g. "唐代" for 唐), linked the first time it appears. */
  name(entry: AskEntryRef, label: string = entry.name): this {
    if (this.linked.has(entry.id)) return this.say(label);
    this.linked.add(entry.id);
    this.parts.push({ text: label, id: entry.id });
    // 唐太宗 for 李世民 is worth saying; 唐朝 for 唐, or 秦始皇 beside "秦始皇嬴政", is not.
    const asked = this.askedAs.get(entry.id);
    if (asked && !asked.includes(entry.name) && !label.includes(asked)) this.say(`（${asked}）`);
    return this;
  }

  /** Names joined with 、 (at most `max`, then 等, with the count). */
  names(entries: AskEntryRef[], max = 12, decorate?: (e: AskEntryRef) => string): this {
    entries.slice(0, max).forEach((e, i) => {
      if (i > 0) this.say("、");
      this.name(e);
      const note = decorate?.(e);
      if (note) this.say(note);
    });
    if (entries.length > max) this.say(`等（共${entries.length}个）`);
    return this;
  }

  /** A relation sentence (relation-phrases.ts) with the two entries' names filled in. */
  phrase(tokens: PhraseToken[], from: AskEntryRef, to: AskEntryRef): this {
    for (const token of tokens) {
      if ("text" in token) this.say(token.text);
      else this.name(token.entity === "from" ? from : to);
    }
    return this;
  }

  cite(...entries: AskEntryRef[]): this {
    for (const e of entries) if (!this.citedById.has(e.id)) this.citedById.set(e.id, e);
    return this;
  }

  get empty(): boolean {
    return this.parts.length === 0;
  }

  result(): { text: string; parts: AskTextPart[]; cited: AskEntryRef[] } {
    return {
      text: this.parts.map((p) => p.text).join(""),
      parts: this.parts.map((p) => ({ ...p })),
      cited: [...this.citedById.values()],
    };
  }
}
