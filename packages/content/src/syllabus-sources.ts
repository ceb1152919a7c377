import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import type { ContentBundle, ContentEntry, EntryKind } from "./load-content.ts";

/**
 * Source lines of the school-syllabus entries (docs/content-format.md, "Sources"): every
 * regime, place, person and event that `content/syllabus.yaml` names must cite where its facts
 * are recorded. The `work` group of the syllabus is another kind's and is not checked here.
 */

/** The syllabus groups whose entries must cite sources, in the order the report lists them. */
export const SOURCED_SYLLABUS_KINDS: readonly EntryKind[] = ["person", "regime", "place", "event"];

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

/**
 * The entries the syllabus names in the groups person, regime, place and event: every entry of
 * that kind whose name or an alias is on the list (秦 names 秦 and the 十六国 前秦, 后秦, 西秦,
 * which all answer to it), each once.
 */
export function syllabusEntries(
  bundle: Pick<ContentBundle, "entries">,
  syllabus: Record<string, string[]>,
): ContentEntry[] {
  const found = new Map<string, ContentEntry>();
  for (const kind of SOURCED_SYLLABUS_KINDS) {
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

export interface SourcesReport {
  /** Syllabus entries of the four kinds. */
  checked: number;
  /** Those that cite no source, in syllabus-group then file order. */
  missing: ContentEntry[];
}

export function syllabusSourcesReport(
  bundle: Pick<ContentBundle, "entries">,
  syllabus: Record<string, string[]>,
): SourcesReport {
  const entries = syllabusEntries(bundle, syllabus);
  return {
    checked: entries.length,
    missing: entries.filter((e) => (e.record.sources?.length ?? 0) === 0),
  };
}

/** The report's lines for `npm run content:check`. */
export function formatSourcesReport(report: SourcesReport): string[] {
  if (report.missing.length === 0) {
    return [`资料来源：课标名单中的人物、朝代、地点、事件 ${report.checked} 条，均已注明`];
  }
  return [
    `资料来源：课标名单中的人物、朝代、地点、事件 ${report.checked} 条，${report.missing.length} 条未注明：`,
    ...report.missing.map((e) => `  ${e.file} · ${e.key} · sources: ${e.name}未注明资料来源`),
  ];
}
