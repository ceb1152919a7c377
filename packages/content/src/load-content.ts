import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sanitizeContent, sanitizeTitle } from "@tongjian/domain/content-sanitizer";
import type { EntryKindName } from "@tongjian/domain/entry-kinds";
import { workCategoryInfo } from "@tongjian/domain/work-categories";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { articleCardSchema } from "./article-card-schema.ts";
import {
  type ArticleFrontMatter,
  articleFrontMatterSchema,
  creatorKey,
  type EventRecord,
  eventSchema,
  type HistoricalDate,
  type PersonRecord,
  type PlaceRecord,
  type PoemReading,
  personSchema,
  placeSchema,
  poemReadingLabel,
  poemReadingSchema,
  type RegimeRecord,
  type RelationRecord,
  regimeSchema,
  relationSchema,
  type WorkRecord,
  workSchema,
} from "./content-schema.ts";
import { type CardArticleRef, renderArticleCard } from "./render-article-card.ts";

export type EntryKind = "person" | "regime" | "event" | "place" | "work";

export interface ContentEntry {
  id: string;
  key: string;
  kind: EntryKind;
  name: string;
  aliases: string[];
  summary: string;
  start?: HistoricalDate;
  end?: HistoricalDate;
  regimeId?: string;
  file: string;
  record: PersonRecord | RegimeRecord | EventRecord | PlaceRecord | WorkRecord;
}

export interface ContentRelation {
  fromId: string;
  toId: string;
  type: RelationRecord["type"];
  label: string;
  twoway: boolean;
  note?: string;
  year?: number;
}

export interface ContentArticle {
  id: string;
  key: string;
  title: string;
  section: ArticleFrontMatter["section"];
  abstract: string;
  cover?: string;
  published: Date;
  tags: string[];
  html: string;
  text: string;
  links: { itemId: string; word: string }[];
  file: string;
}

export interface ContentBundle {
  entries: ContentEntry[];
  relations: ContentRelation[];
  articles: ContentArticle[];
  /** Common readings of imported poems (poem-readings.yaml), applied by the poetry import. */
  poemReadings: PoemReading[];
}

export interface ContentIssue {
  file: string;
  record: string;
  field: string;
  message: string;
}

export class ContentValidationError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(
      `内容校验失败（${issues.length} 处）：\n${issues
        .map((i) => `  ${i.file} · ${i.record} · ${i.field}: ${i.message}`)
        .join("\n")}`,
    );
    this.name = "ContentValidationError";
  }
}

/** Stable 24-hex id: the same key gives the same id on every machine and every seed. */
export function contentId(kind: EntryKindName | "article" | "painting", key: string): string {
  return createHash("sha1").update(`${kind}:${key}`).digest("hex").slice(0, 24);
}

function listFiles(dir: string, ext: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(ext))
    .sort()
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile());
}

function recordLabel(raw: unknown, index: number): string {
  if (raw && typeof raw === "object") {
    const r = raw as Record<string, unknown>;
    if (typeof r.key === "string") return r.key;
    if (typeof r.from === "string" && typeof r.to === "string") return `${r.from}→${r.to}`;
  }
  return `#${index + 1}`;
}

/** A fenced block of YAML describing one card (docs/content-format.md "Cards in articles"). */
const CARD_BLOCK = /^```card[ \t]*\r?\n([\s\S]*?)\r?\n```[ \t]*$/gm;

/** Generated covers (apps/api cover route) for articles without a cover of their own. */
export function articleCoverUrl(articleId: string): string {
  return `/media/cover/${articleId}.svg`;
}

const INNER_LINK = /\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]/g;

export function loadContent(root: string): ContentBundle {
  const issues: ContentIssue[] = [];
  const rel = (p: string) => relative(root, p) || p;

  function readYamlList(path: string): unknown[] {
    try {
      const parsed: unknown = parseYaml(readFileSync(path, "utf8"));
      if (parsed == null) return [];
      if (!Array.isArray(parsed)) {
        issues.push({ file: rel(path), record: "-", field: "-", message: "文件顶层必须是列表" });
        return [];
      }
      return parsed;
    } catch (e) {
      issues.push({
        file: rel(path),
        record: "-",
        field: "-",
        message: `YAML 解析失败：${(e as Error).message}`,
      });
      return [];
    }
  }

  function validate<S extends z.ZodType>(schema: S, raw: unknown, file: string, index: number) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data as z.infer<S>;
    for (const issue of result.error.issues) {
      issues.push({
        file,
        record: recordLabel(raw, index),
        field: issue.path.join(".") || "-",
        message: issue.message,
      });
    }
    return undefined;
  }

  const entries: ContentEntry[] = [];
  const byKey = new Map<string, ContentEntry>();

  function addEntry(kind: EntryKind, record: ContentEntry["record"], file: string) {
    const existing = byKey.get(record.key);
    if (existing) {
      issues.push({
        file,
        record: record.key,
        field: "key",
        message: `与 ${existing.file} 中的记录重复`,
      });
      return;
    }
    const entry: ContentEntry = {
      id: contentId(kind, record.key),
      key: record.key,
      kind,
      name: record.name,
      aliases: record.aliases,
      summary: record.summary.trim(),
      file,
      record,
    };
    if ("start" in record) entry.start = record.start;
    if ("end" in record && record.end) entry.end = record.end;
    if (kind === "person") {
      const p = record as PersonRecord;
      if (p.born) entry.start = p.born;
      if (p.died) entry.end = p.died;
    } else if (kind === "work") {
      // A work made at one date starts there; the schema allows created or start/end, not both.
      const w = record as WorkRecord;
      if (w.created) entry.start = w.created;
    }
    entries.push(entry);
    byKey.set(record.key, entry);
  }

  const sources: [EntryKind, z.ZodType, string[]][] = [
    ["regime", regimeSchema, [join(root, "regimes.yaml")]],
    ["place", placeSchema, [join(root, "places.yaml")]],
    ["person", personSchema, listFiles(join(root, "people"), ".yaml")],
    ["event", eventSchema, listFiles(join(root, "events"), ".yaml")],
    ["work", workSchema, listFiles(join(root, "works"), ".yaml")],
  ];
  for (const [kind, schema, files] of sources) {
    for (const path of files) {
      const file = rel(path);
      readYamlList(path).forEach((raw, i) => {
        const record = validate(schema, raw, file, i) as ContentEntry["record"] | undefined;
        if (record) addEntry(kind, record, file);
      });
    }
  }

  function resolve(
    key: string | undefined,
    file: string,
    record: string,
    field: string,
    kinds?: EntryKind[],
  ) {
    if (!key) return undefined;
    const target = byKey.get(key);
    if (!target) {
      issues.push({ file, record, field, message: `引用的键 ${key} 不存在` });
      return undefined;
    }
    if (kinds && !kinds.includes(target.kind)) {
      issues.push({
        file,
        record,
        field,
        message: `${key} 是 ${target.kind}，此处需要 ${kinds.join("/")}`,
      });
      return undefined;
    }
    return target;
  }

  for (const entry of entries) {
    const { file, key } = entry;
    const r = entry.record;
    if (entry.kind === "person") {
      const p = r as PersonRecord;
      entry.regimeId = resolve(p.regime, file, key, "regime", ["regime"])?.id;
      resolve(p.place, file, key, "place", ["place"]);
    } else if (entry.kind === "regime") {
      const g = r as RegimeRecord;
      for (const [i, c] of g.capitals.entries()) resolve(c, file, key, `capitals.${i}`, ["place"]);
      resolve(g.founder, file, key, "founder", ["person"]);
      for (const [i, ruler] of g.rulers.entries()) {
        resolve(ruler.person, file, key, `rulers.${i}.person`, ["person"]);
      }
      resolve(g.predecessor, file, key, "predecessor", ["regime"]);
      resolve(g.successor, file, key, "successor", ["regime"]);
      if (g.end && g.end.year < g.start.year) {
        issues.push({ file, record: key, field: "end", message: "结束年份早于开始年份" });
      }
    } else if (entry.kind === "event") {
      const ev = r as EventRecord;
      entry.regimeId = resolve(ev.regime, file, key, "regime", ["regime"])?.id;
      for (const [i, p] of ev.places.entries()) resolve(p, file, key, `places.${i}`, ["place"]);
      for (const [i, p] of ev.participants.entries()) resolve(p, file, key, `participants.${i}`);
    } else if (entry.kind === "work") {
      const w = r as WorkRecord;
      entry.regimeId = resolve(w.regime, file, key, "regime", ["regime"])?.id;
      for (const [i, c] of w.creators.entries()) {
        const field = typeof c === "string" ? `creators.${i}` : `creators.${i}.person`;
        resolve(creatorKey(c), file, key, field, ["person"]);
      }
    }
    if (entry.start && entry.end && entry.end.year < entry.start.year) {
      issues.push({ file, record: key, field: "end", message: "结束年份早于开始年份" });
    }
  }

  const relations: ContentRelation[] = [];
  const seenRelations = new Set<string>();
  for (const path of listFiles(join(root, "relations"), ".yaml")) {
    const file = rel(path);
    readYamlList(path).forEach((raw, i) => {
      const r = validate(relationSchema, raw, file, i);
      if (!r) return;
      const label = `${r.from}→${r.to}`;
      const from = resolve(r.from, file, label, "from");
      const to = resolve(r.to, file, label, "to");
      if (!from || !to) return;
      if (from.id === to.id) {
        issues.push({ file, record: label, field: "to", message: "关系两端不能是同一条记录" });
        return;
      }
      const dedupe = `${from.id}|${to.id}|${r.type}`;
      if (seenRelations.has(dedupe)) return;
      seenRelations.add(dedupe);
      relations.push({
        fromId: from.id,
        toId: to.id,
        type: r.type,
        label: r.label,
        twoway: r.twoway,
        ...(r.note ? { note: r.note } : {}),
        ...(r.year !== undefined ? { year: r.year } : {}),
      });
    });
  }

  // Facts stated on records are edges of the graph too: who took part in an event and where it
  // happened, who founded a regime, where it had its capital, who made a work.
  const derive = (
    from: ContentEntry | undefined,
    to: ContentEntry | undefined,
    type: ContentRelation["type"],
    label: string,
  ) => {
    if (!from || !to || from.id === to.id) return;
    const dedupe = `${from.id}|${to.id}|${type}`;
    if (seenRelations.has(dedupe)) return;
    seenRelations.add(dedupe);
    relations.push({ fromId: from.id, toId: to.id, type, label, twoway: false });
  };
  for (const entry of entries) {
    if (entry.kind === "event") {
      const ev = entry.record as EventRecord;
      for (const p of ev.participants) derive(byKey.get(p), entry, "参与", "参与事件");
      for (const p of ev.places) derive(entry, byKey.get(p), "发生地", "发生地");
    } else if (entry.kind === "regime") {
      const g = entry.record as RegimeRecord;
      derive(g.founder ? byKey.get(g.founder) : undefined, entry, "建立", "建立政权");
      for (const c of g.capitals) derive(entry, byKey.get(c), "定都", "都城");
    } else if (entry.kind === "work") {
      const w = entry.record as WorkRecord;
      const label = workCategoryInfo(w.category).relationLabel;
      for (const c of w.creators) {
        derive(byKey.get(creatorKey(c)), entry, "作者", typeof c === "string" ? label : c.role);
      }
    }
  }

  // Front matter of every article first, so that cards can point at other articles.
  const parsedArticles: { file: string; fm: ArticleFrontMatter; body: string }[] = [];
  const articleKeys = new Set<string>();
  for (const path of listFiles(join(root, "articles"), ".md")) {
    const file = rel(path);
    const source = readFileSync(path, "utf8");
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
    if (!match) {
      issues.push({ file, record: "-", field: "front matter", message: "缺少以 --- 包围的头信息" });
      continue;
    }
    let front: unknown;
    try {
      front = parseYaml(match[1] ?? "");
    } catch (e) {
      issues.push({ file, record: "-", field: "front matter", message: (e as Error).message });
      continue;
    }
    const fm = validate(articleFrontMatterSchema, front, file, 0);
    if (!fm) continue;
    if (articleKeys.has(fm.key)) {
      issues.push({ file, record: fm.key, field: "key", message: "文章键重复" });
      continue;
    }
    articleKeys.add(fm.key);
    parsedArticles.push({ file, fm, body: match[2] ?? "" });
  }
  const articleRefs = new Map<string, CardArticleRef>(
    parsedArticles.map(({ fm }) => {
      const id = contentId("article", fm.key);
      return [
        fm.key,
        { id, title: fm.title, section: fm.section, coverUrl: fm.cover ?? articleCoverUrl(id) },
      ];
    }),
  );

  const articles: ContentArticle[] = [];
  for (const { file, fm, body: source } of parsedArticles) {
    const self = articleRefs.get(fm.key) as CardArticleRef;
    const cards: string[] = [];
    const withCards = source.replace(CARD_BLOCK, (_all, yamlText: string) => {
      const index = cards.length;
      cards.push(renderCardBlock(yamlText, index, file, fm.key, self));
      return `\n\n<!--tj-card-${index}-->\n\n`;
    });
    const links: ContentArticle["links"] = [];
    const body = withCards.replace(INNER_LINK, (_all, key: string, text?: string) => {
      const target = resolve(key, file, fm.key, "body");
      const word = text ?? target?.name ?? key;
      if (!target) return word;
      if (!links.some((l) => l.itemId === target.id)) links.push({ itemId: target.id, word });
      return `<a href="/detail/${target.id}" data-id="${target.id}" class="inner-link">${word}</a>`;
    });
    const rendered = marked
      .parse(body, { async: false, gfm: true })
      .replace(/<!--tj-card-(\d+)-->/g, (_all, i: string) => cards[Number(i)] ?? "");
    // Sanitised before it is stored (spec §5); the API sanitises again before rendering.
    const html = sanitizeContent(rendered).trim();
    const text = html
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim();
    if (text.length < 200) {
      issues.push({ file, record: fm.key, field: "body", message: "正文过短（少于 200 字）" });
    }
    articles.push({
      id: self.id,
      key: fm.key,
      title: sanitizeTitle(fm.title),
      section: fm.section,
      abstract: fm.abstract,
      ...(fm.cover ? { cover: fm.cover } : {}),
      published: fm.published,
      tags: fm.tags,
      html,
      text,
      links,
      file,
    });
  }

  /** One ```card block: YAML → validated card → HTML, or "" with the issues recorded. */
  function renderCardBlock(
    yamlText: string,
    index: number,
    file: string,
    record: string,
    self: CardArticleRef,
  ): string {
    const prefix = `cards.${index}`;
    let raw: unknown;
    try {
      raw = parseYaml(yamlText);
    } catch (e) {
      issues.push({
        file,
        record,
        field: prefix,
        message: `YAML 解析失败：${(e as Error).message}`,
      });
      return "";
    }
    const parsed = articleCardSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        issues.push({
          file,
          record,
          field: path ? `${prefix}.${path}` : prefix,
          message: issue.message,
        });
      }
      return "";
    }
    const before = issues.length;
    const html = renderArticleCard(parsed.data, {
      article: self,
      entry: (key, field, kinds) => resolve(key, file, record, `${prefix}.${field}`, kinds),
      otherArticle: (key, field) => {
        const ref = articleRefs.get(key);
        if (!ref) {
          issues.push({
            file,
            record,
            field: `${prefix}.${field}`,
            message: `引用的文章 ${key} 不存在`,
          });
        } else if (ref.id === self.id) {
          issues.push({
            file,
            record,
            field: `${prefix}.${field}`,
            message: "图集不能引用文章自身",
          });
          return undefined;
        }
        return ref;
      },
      issue: (field, message) =>
        issues.push({ file, record, field: `${prefix}.${field}`, message }),
      idFor: (kind, key) => contentId(kind, key),
    });
    return html && issues.length === before ? html : "";
  }

  const poemReadings: PoemReading[] = [];
  const readingsPath = join(root, "poem-readings.yaml");
  if (existsSync(readingsPath)) {
    const file = rel(readingsPath);
    const seen = new Set<string>();
    readYamlList(readingsPath).forEach((raw, i) => {
      const reading = validate(poemReadingSchema, raw, file, i);
      if (!reading) return;
      const label = poemReadingLabel(reading);
      if (seen.has(label)) {
        issues.push({ file, record: label, field: "title", message: "同一首诗只能有一条" });
        return;
      }
      seen.add(label);
      poemReadings.push(reading);
    });
  }

  if (issues.length > 0) throw new ContentValidationError(issues);
  return { entries, relations, articles, poemReadings };
}
