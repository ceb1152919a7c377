import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { ContentBundle, ContentEntry, EntryKind } from "./load-content.ts";

/**
 * The school-syllabus check of `npm run content:check` (docs/content-format.md, "Syllabus"):
 * every name of `content/syllabus.yaml` must be the name or an alias of an entry of its group's
 * kind (the `work` group of kind `work`), and each such entry must cite a source and have at
 * least one relation.
 */

/** The syllabus groups, in the order the report lists them; each is the kind of its entries. */
export const SYLLABUS_GROUPS: readonly EntryKind[] = ["person", "regime", "place", "event", "work"];

export const SYLLABUS_GROUP_NAMES: Readonly<Record<EntryKind, string>> = {
  person: "人物",
  regime: "朝代",
  place: "地点",
  event: "事件",
  work: "作品",
};

/** The names of `content/syllabus.yaml` by group; null when the corpus has no syllabus list. */
export function readSyllabusNames(root: string): Record<string, string[]> | null {
  const path = join(root, "syllabus.yaml");
  if (!existsSync(path)) return null;
  const parsed: unknown = parseYaml(readFileSync(path, "utf8"));
  const groups: Record<string, string[]> = {};
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    for (const [group, names] of Object.entries(parsed)) {
      if (Array.isArray(names)) {
        groups[group] = names.filter((n): n is string => typeof n === "string");
      }
    }
  }
  return groups;
}

const answersTo = (entry: ContentEntry, name: string) =>
  entry.name === name || entry.aliases.includes(name);

/**
 * The entries the syllabus names: every entry of a group's kind whose name or an alias is on
 * that group's list (秦 names 秦 and the 十六国 前秦, 后秦, 西秦, which all answer to it), each
 * once, in group order.
 */
export function syllabusEntries(
  bundle: Pick<ContentBundle, "entries">,
  syllabus: Record<string, string[]>,
): ContentEntry[] {
  const found = new Map<string, ContentEntry>();
  for (const kind of SYLLABUS_GROUPS) {
    const names = new Set(syllabus[kind] ?? []);
    for (const entry of bundle.entries) {
      if (entry.kind !== kind || found.has(entry.id)) continue;
      if (names.has(entry.name) || entry.aliases.some((a) => names.has(a))) {
        found.set(entry.id, entry);
      }
    }
  }
  return [...found.values()];
}

export interface SyllabusGroupReport {
  kind: EntryKind;
  /** Names the group lists. */
  names: number;
  /** Names no entry of the group's kind answers to, in the list's order. */
  missing: string[];
}

export interface SyllabusReport {
  groups: SyllabusGroupReport[];
  /** The entries the syllabus names ({@link syllabusEntries}). */
  checked: number;
  /** Those that cite no source, in group then file order. */
  unsourced: ContentEntry[];
  /** Those that no relation of the corpus touches. */
  unrelated: ContentEntry[];
}

export function syllabusReport(
  bundle: Pick<ContentBundle, "entries" | "relations">,
  syllabus: Record<string, string[]>,
): SyllabusReport {
  const groups = SYLLABUS_GROUPS.map((kind): SyllabusGroupReport => {
    const names = [...new Set(syllabus[kind] ?? [])];
    const ofKind = bundle.entries.filter((e) => e.kind === kind);
    return {
      kind,
      names: names.length,
      missing: names.filter((name) => !ofKind.some((e) => answersTo(e, name))),
    };
  });
  const entries = syllabusEntries(bundle, syllabus);
  const related = new Set(bundle.relations.flatMap((r) => [r.fromId, r.toId]));
  return {
    groups,
    checked: entries.length,
    unsourced: entries.filter((e) => (e.record.sources?.length ?? 0) === 0),
    unrelated: entries.filter((e) => !related.has(e.id)),
  };
}

/** The report's lines for `npm run content:check`. */
export function formatSyllabusReport(report: SyllabusReport): string[] {
  const name = (kind: EntryKind) => SYLLABUS_GROUP_NAMES[kind];
  const lines = [
    `课标名单（syllabus.yaml）：${report.groups.map((g) => `${name(g.kind)} ${g.names}`).join("，")}`,
  ];
  const short = report.groups.filter((g) => g.missing.length > 0);
  if (short.length === 0) {
    lines.push("  每个名称都有对应条目");
  } else {
    for (const g of short) {
      lines.push(`  ${name(g.kind)}缺 ${g.missing.length} 项：${g.missing.join("、")}`);
    }
  }
  const entryLine = (e: ContentEntry, field: string, what: string) =>
    `  ${e.file} · ${e.key} · ${field}: ${e.name}${what}`;
  if (report.unsourced.length === 0) {
    lines.push(`资料来源：课标名单中的条目 ${report.checked} 条，均已注明`);
  } else {
    lines.push(
      `资料来源：课标名单中的条目 ${report.checked} 条，${report.unsourced.length} 条未注明：`,
      ...report.unsourced.map((e) => entryLine(e, "sources", "未注明资料来源")),
    );
  }
  if (report.unrelated.length === 0) {
    lines.push(`关系：课标名单中的条目 ${report.checked} 条，均有关系`);
  } else {
    lines.push(
      `关系：课标名单中的条目 ${report.checked} 条，${report.unrelated.length} 条没有任何关系：`,
      ...report.unrelated.map((e) => entryLine(e, "relations", "没有任何关系")),
    );
  }
  return lines;
}
