import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { sanitizeContent, sanitizeTitle } from "@tongjian/domain/content-sanitizer";
import type { EntryKindName } from "@tongjian/domain/entry-kinds";
import {
  essayLength,
  INSIGHT_ESSAY_MAX_CHARS,
  INSIGHT_ESSAY_MIN_CHARS,
} from "@tongjian/domain/insight-topics";
import { workCategoryInfo } from "@tongjian/domain/work-categories";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { articleCardSchema } from "./article-card-schema.ts";
import { type ContentCampaign, loadCampaigns } from "./campaign-content.ts";
import { type ContentCommerce, loadCommerce } from "./commerce-content.ts";
import {
  type ArticleFrontMatter,
  articleFrontMatterSchema,
  creatorKey,
  type EventRecord,
  eventSchema,
  type HistoricalDate,
  type InsightFrontMatter,
  insightFrontMatterSchema,
  networkSchema,
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
import { type ContentLearning, loadLearning } from "./learning-content.ts";
import { type ContentMusic, loadMusic } from "./music-content.ts";
import { type ContentPanoramas, loadPanoramas } from "./panorama-content.ts";
import { type ContentPromotions, loadPromotions } from "./promotions-content.ts";
import { type CardArticleRef, renderArticleCard } from "./render-article-card.ts";
import type { BaseMap } from "./territories/base-map.ts";
import { type ContentTerritory, loadTerritories } from "./territories/load-territories.ts";

export type EntryKind = "person" | "regime" | "event" | "place" | "work";

export interface ContentEntry {
  id: string;
  key: string;
  kind: EntryKind;
  name: string;
  aliases: string[];
  summary: string;
  /** A member entry (`member: true`): readers without VIP read only its opening. */
  member: boolean;
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
  /** Id of the place where it happened or began. */
  placeId?: string;
  /** One fresh sentence on the relation. */
  desc?: string;
  /** Birth order of the child (parent → child types). */
  order?: number;
}

/** A curated network (content/networks/*.yaml), its members resolved to ids. */
export interface ContentNetwork {
  id: string;
  key: string;
  name: string;
  summary: string;
  centerId: string;
  memberIds: string[];
  file: string;
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

/** A 洞察 topic (content/insights/<key>.md), its keys resolved to ids. */
export interface ContentInsight {
  id: string;
  key: string;
  title: string;
  question: string;
  era: string;
  coverText: string;
  published: Date;
  eventIds: string[];
  personIds: string[];
  articleIds: string[];
  /** Regimes and places. */
  entryIds: string[];
  html: string;
  text: string;
  links: { itemId: string; word: string }[];
  file: string;
}

export interface ContentBundle {
  entries: ContentEntry[];
  relations: ContentRelation[];
  articles: ContentArticle[];
  insights: ContentInsight[];
  /** Common readings of imported poems (poem-readings.yaml), applied by the poetry import. */
  poemReadings: PoemReading[];
  networks: ContentNetwork[];
  /** Regimes' extents by period (content/territories), composed into shapes at seed time. */
  territories: ContentTerritory[];
  /** The base map territories are composed from (content/geo), when the folder has one. */
  baseMap: BaseMap | null;
  /** The panoramas' editions and scenes (panoramas.yaml), their keys resolved. */
  panoramas: ContentPanoramas;
  /** 中国音乐 (music.yaml): performers, pieces with their notation, playlists. */
  music: ContentMusic;
  /** Knowledge points, the question bank and the ladders (content/learning). */
  learning: ContentLearning;
  /** The store's catalogue and what VIP unlocks (content/commerce/products.yaml). */
  commerce: ContentCommerce;
  /** Sample coupons, discounts and draw sales (content/commerce/promotions.yaml). */
  promotions: ContentPromotions;
  /** Seasonal campaigns (content/campaigns/<key>/campaign.yaml). */
  campaigns: ContentCampaign[];
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
export function contentId(
  kind: EntryKindName | "article" | "painting" | "topic" | "network",
  key: string,
): string {
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

/** Relation types that run from a parent to a child (an `order` is allowed on them). */
const PARENT_TYPES: ReadonlySet<string> = new Set(["父子", "母子", "父女", "母女"]);

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
      member: record.member === true,
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
      for (const [i, a] of (w.about ?? []).entries()) resolve(a, file, key, `about.${i}`);
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
      const placeId = r.place ? resolve(r.place, file, label, "place", ["place"])?.id : undefined;
      if (r.order !== undefined && !PARENT_TYPES.has(r.type)) {
        issues.push({
          file,
          record: label,
          field: "order",
          message: "排行只用于父子、母子、父女、母女",
        });
      }
      const dedupe = `${from.id}|${to.id}|${r.type}`;
      if (seenRelations.has(dedupe)) {
        issues.push({ file, record: label, field: "type", message: "同一对条目的同类关系重复" });
        return;
      }
      seenRelations.add(dedupe);
      relations.push({
        fromId: from.id,
        toId: to.id,
        type: r.type,
        label: r.label,
        twoway: r.twoway,
        ...(r.note ? { note: r.note } : {}),
        ...(r.year !== undefined ? { year: r.year } : {}),
        ...(placeId ? { placeId } : {}),
        ...(r.desc ? { desc: r.desc } : {}),
        ...(r.order !== undefined ? { order: r.order } : {}),
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
  /** A Markdown file's YAML front matter and body; undefined (with the issue) when unreadable. */
  function readFrontMatter(path: string): { front: unknown; body: string } | undefined {
    const file = rel(path);
    const source = readFileSync(path, "utf8");
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
    if (!match) {
      issues.push({ file, record: "-", field: "front matter", message: "缺少以 --- 包围的头信息" });
      return undefined;
    }
    try {
      return { front: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
    } catch (e) {
      issues.push({ file, record: "-", field: "front matter", message: (e as Error).message });
      return undefined;
    }
  }

  /**
   * In-text links `[[key|words]]` become links to the entry (docs/content-format.md "Article"),
   * each entry listed once with the words of its first link; an unknown key is an issue and
   * leaves the words as plain text.
   */
  function linkEntries(source: string, file: string, record: string) {
    const links: { itemId: string; word: string }[] = [];
    const body = source.replace(INNER_LINK, (_all, key: string, text?: string) => {
      const target = resolve(key, file, record, "body");
      const word = text ?? target?.name ?? key;
      if (!target) return word;
      if (!links.some((l) => l.itemId === target.id)) links.push({ itemId: target.id, word });
      return `<a href="/detail/${target.id}" data-id="${target.id}" class="inner-link">${word}</a>`;
    });
    return { body, links };
  }

  /** Rendered and sanitised HTML (spec §5; the API sanitises again before rendering) and its text. */
  function renderBody(markdown: string, cards: string[] = []) {
    const rendered = marked
      .parse(markdown, { async: false, gfm: true })
      .replace(/<!--tj-card-(\d+)-->/g, (_all, i: string) => cards[Number(i)] ?? "");
    const html = sanitizeContent(rendered).trim();
    const text = html
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim();
    return { html, text };
  }

  for (const path of listFiles(join(root, "articles"), ".md")) {
    const file = rel(path);
    const read = readFrontMatter(path);
    if (!read) continue;
    const { front } = read;
    const fm = validate(articleFrontMatterSchema, front, file, 0);
    if (!fm) continue;
    if (articleKeys.has(fm.key)) {
      issues.push({ file, record: fm.key, field: "key", message: "文章键重复" });
      continue;
    }
    articleKeys.add(fm.key);
    parsedArticles.push({ file, fm, body: read.body });
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
    const { body, links } = linkEntries(withCards, file, fm.key);
    const { html, text } = renderBody(body, cards);
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

  const insights: ContentInsight[] = [];
  for (const path of listFiles(join(root, "insights"), ".md")) {
    const file = rel(path);
    const read = readFrontMatter(path);
    if (!read) continue;
    const fm = validate(insightFrontMatterSchema, read.front, file, 0);
    if (!fm) continue;
    if (insights.some((i) => i.key === fm.key)) {
      issues.push({ file, record: fm.key, field: "key", message: "洞察键重复" });
      continue;
    }
    insights.push(loadInsight(fm, read.body, file));
  }

  /** One topic: its keys resolved (each of the kind its list needs) and its essay rendered. */
  function loadInsight(fm: InsightFrontMatter, source: string, file: string): ContentInsight {
    const ids = (field: string, keys: string[], kinds: EntryKind[]) =>
      keys.flatMap((key, i) => resolve(key, file, fm.key, `${field}.${i}`, kinds)?.id ?? []);
    const articleIds = fm.articles.flatMap((key, i) => {
      const ref = articleRefs.get(key);
      if (!ref) {
        issues.push({
          file,
          record: fm.key,
          field: `articles.${i}`,
          message: `引用的文章 ${key} 不存在`,
        });
        return [];
      }
      return [ref.id];
    });
    if (source.search(CARD_BLOCK) !== -1) {
      issues.push({ file, record: fm.key, field: "body", message: "洞察正文不支持卡片" });
    }
    const { body, links } = linkEntries(source, file, fm.key);
    const { html, text } = renderBody(body);
    const length = essayLength(text);
    if (length < INSIGHT_ESSAY_MIN_CHARS || length > INSIGHT_ESSAY_MAX_CHARS) {
      issues.push({
        file,
        record: fm.key,
        field: "body",
        message: `正文应为 ${INSIGHT_ESSAY_MIN_CHARS}–${INSIGHT_ESSAY_MAX_CHARS} 字，现为 ${length} 字`,
      });
    }
    return {
      id: contentId("topic", fm.key),
      key: fm.key,
      title: sanitizeTitle(fm.title),
      question: sanitizeTitle(fm.question),
      era: sanitizeTitle(fm.era),
      coverText: sanitizeTitle(fm.cover),
      published: fm.published,
      eventIds: ids("events", fm.events, ["event"]),
      personIds: ids("people", fm.people, ["person"]),
      articleIds,
      entryIds: ids("entries", fm.entries, ["regime", "place"]),
      html,
      text,
      links,
      file,
    };
  }

  const networks = loadNetworks();

  /**
   * Curated networks: members resolved, and each member joined to another member by a relation
   * (a network is drawn from the relations among its members, so a loose member would float).
   */
  function loadNetworks(): ContentNetwork[] {
    const out: ContentNetwork[] = [];
    const linked = new Map<string, Set<string>>();
    for (const r of relations) {
      if (!linked.has(r.fromId)) linked.set(r.fromId, new Set());
      if (!linked.has(r.toId)) linked.set(r.toId, new Set());
      linked.get(r.fromId)?.add(r.toId);
      linked.get(r.toId)?.add(r.fromId);
    }
    const seen = new Set<string>();
    for (const path of listFiles(join(root, "networks"), ".yaml")) {
      const file = rel(path);
      readYamlList(path).forEach((raw, i) => {
        const n = validate(networkSchema, raw, file, i);
        if (!n) return;
        if (seen.has(n.key)) {
          issues.push({ file, record: n.key, field: "key", message: "关系网键重复" });
          return;
        }
        seen.add(n.key);
        const members = n.members.flatMap((key, j) => {
          const target = resolve(key, file, n.key, `members.${j}`);
          return target ? [target] : [];
        });
        if (members.length !== n.members.length) return;
        const ids = new Set(members.map((m) => m.id));
        for (const m of members) {
          const joined = [...(linked.get(m.id) ?? [])].some((other) => ids.has(other));
          if (!joined) {
            issues.push({
              file,
              record: n.key,
              field: "members",
              message: `${m.key} 与其他成员之间没有任何关系`,
            });
          }
        }
        let centerId = members[0]?.id ?? "";
        if (n.center) {
          const center = resolve(n.center, file, n.key, "center");
          if (center && !ids.has(center.id)) {
            issues.push({ file, record: n.key, field: "center", message: "中心必须是成员之一" });
          }
          if (center) centerId = center.id;
        } else {
          let best = -1;
          for (const m of members) {
            const degree = [...(linked.get(m.id) ?? [])].filter((o) => ids.has(o)).length;
            if (degree > best) {
              best = degree;
              centerId = m.id;
            }
          }
        }
        out.push({
          id: contentId("network", n.key),
          key: n.key,
          name: sanitizeTitle(n.name),
          summary: n.summary,
          centerId,
          memberIds: members.map((m) => m.id),
          file,
        });
      });
    }
    return out;
  }

  const { territories, baseMap } = loadTerritories(root, byKey, issues);
  const refs = new Map(
    entries.map((e) => [e.key, { id: e.id, key: e.key, kind: e.kind, name: e.name }]),
  );
  const panoramas = loadPanoramas(root, refs, issues);
  const music = loadMusic(root, refs, issues);
  const learning = loadLearning(
    root,
    {
      entries: refs,
      articles: new Map(articles.map((a) => [a.key, { id: a.id, key: a.key, title: a.title }])),
      paintings: new Map(
        entries
          .filter((e) => {
            const record = e.record as { category?: string; subject?: string };
            return e.kind === "work" && record.category === "绘画" && Boolean(record.subject);
          })
          .map((e) => [e.key, { id: contentId("painting", e.key), title: e.name }]),
      ),
      music: new Map(music.pieces.map((p) => [p.key, { id: p.id, title: p.title }])),
    },
    issues,
  );

  const commerce = loadCommerce(root, issues);
  const promotions = loadPromotions(root, commerce, issues);
  const campaigns = loadCampaigns(root, promotions, issues);

  if (issues.length > 0) throw new ContentValidationError(issues);
  return {
    entries,
    relations,
    articles,
    insights,
    poemReadings,
    networks,
    territories,
    baseMap,
    panoramas,
    music,
    learning,
    commerce,
    promotions,
    campaigns,
  };
}
