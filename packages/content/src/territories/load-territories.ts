/**
 * Reads and checks content/territories/*.yaml against the regimes of the corpus and the base
 * map (docs/content-format.md "Territories"): the regime exists; every unit is one of the base
 * map's; clip boxes are boxes; each period lies within the regime's years and no two periods of
 * a regime overlap; each has its note. Problems are added to the content's issues.
 */

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { TIME_MAX_YEAR } from "@tongjian/domain/time-columns";
import { TIME_MAP_UMBRELLAS } from "@tongjian/domain/time-map";
import { formatYear } from "@tongjian/domain/year-format";
import { parse as parseYaml } from "yaml";
import type { RegimeRecord } from "../content-schema.ts";
import { type BaseMap, readBaseMap } from "./base-map.ts";
import { type ClipBox, type TerritoryRecord, territorySchema } from "./territory-schema.ts";

export const TERRITORIES_DIR = "territories";

export interface TerritoryUnit {
  unit: string;
  clip?: ClipBox;
}

/** One period of one regime's extent, as the content gives it (composed at seed time). */
export interface ContentTerritory {
  /** Stable 24-hex id: sha1("territory:<regime key>:<from>"). */
  id: string;
  regimeId: string;
  regimeKey: string;
  from: number;
  to: number;
  units: TerritoryUnit[];
  note: string;
  file: string;
}

interface Issue {
  file: string;
  record: string;
  field: string;
  message: string;
}

/** What loadTerritories needs of an entry. */
interface RegimeLike {
  id: string;
  key: string;
  kind: string;
  name: string;
  record: unknown;
}

export function territoryId(regimeKey: string, from: number): string {
  return createHash("sha1").update(`territory:${regimeKey}:${from}`).digest("hex").slice(0, 24);
}

function listYaml(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".yaml"))
    .sort()
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile());
}

/** The regime's last year: its end, or the latest the time screens know for one still standing. */
export function regimeEndYear(record: RegimeRecord): number {
  return record.end?.year ?? TIME_MAX_YEAR;
}

export function loadTerritories(
  root: string,
  byKey: ReadonlyMap<string, RegimeLike>,
  issues: Issue[],
): { territories: ContentTerritory[]; baseMap: BaseMap | null } {
  const files = listYaml(join(root, TERRITORIES_DIR));
  if (files.length === 0) return { territories: [], baseMap: readBaseMap(root) };
  const baseMap = readBaseMap(root);
  const rel = (p: string) => relative(root, p) || p;
  if (!baseMap) {
    issues.push({
      file: TERRITORIES_DIR,
      record: "-",
      field: "-",
      message: "有疆域文件，却没有基础底图 geo/base-map.topo.json（npm run map:build 生成）",
    });
  }
  const territories: ContentTerritory[] = [];
  for (const path of files) {
    const file = rel(path);
    let list: unknown;
    try {
      list = parseYaml(readFileSync(path, "utf8"));
    } catch (e) {
      issues.push({
        file,
        record: "-",
        field: "-",
        message: `YAML 解析失败：${(e as Error).message}`,
      });
      continue;
    }
    if (list == null) continue;
    if (!Array.isArray(list)) {
      issues.push({ file, record: "-", field: "-", message: "文件顶层必须是列表" });
      continue;
    }
    list.forEach((raw: unknown, index) => {
      const r = raw as Partial<TerritoryRecord> | null;
      const label =
        r && typeof r.regime === "string" ? `${r.regime} ${r.from ?? "?"}` : `#${index + 1}`;
      const parsed = territorySchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          issues.push({
            file,
            record: label,
            field: issue.path.join(".") || "-",
            message: issue.message,
          });
        }
        return;
      }
      const t = parsed.data;
      const regime = byKey.get(t.regime);
      if (regime?.kind !== "regime") {
        issues.push({
          file,
          record: label,
          field: "regime",
          message: regime ? `${t.regime} 是 ${regime.kind}，不是政权` : `政权 ${t.regime} 不存在`,
        });
        return;
      }
      const rec = regime.record as RegimeRecord;
      const start = rec.start.year;
      const end = regimeEndYear(rec);
      if (t.from < start || t.to > end) {
        issues.push({
          file,
          record: label,
          field: t.from < start ? "from" : "to",
          message: `${formatYear(t.from)}—${formatYear(t.to)} 超出${regime.name}的年代 ${formatYear(start)}—${formatYear(end)}`,
        });
      }
      const units: TerritoryUnit[] = [];
      const seen = new Set<string>();
      t.units.forEach((u, i) => {
        const unit = typeof u === "string" ? u : u.unit;
        if (baseMap && !baseMap.units.has(unit)) {
          issues.push({
            file,
            record: label,
            field: `units.${i}`,
            message: `底图中没有单元 ${unit}`,
          });
        }
        const sig = typeof u === "string" ? unit : `${unit}|${u.clip.join(",")}`;
        if (seen.has(sig) || (typeof u !== "string" && seen.has(unit))) {
          issues.push({ file, record: label, field: `units.${i}`, message: `单元 ${unit} 重复` });
        }
        seen.add(sig);
        units.push(typeof u === "string" ? { unit } : { unit, clip: u.clip });
      });
      territories.push({
        id: territoryId(t.regime, t.from),
        regimeId: regime.id,
        regimeKey: t.regime,
        from: t.from,
        to: t.to,
        units,
        note: t.note,
        file,
      });
    });
  }

  // Periods of one regime do not overlap.
  const byRegime = new Map<string, ContentTerritory[]>();
  for (const t of territories) byRegime.set(t.regimeKey, [...(byRegime.get(t.regimeKey) ?? []), t]);
  for (const [key, list] of byRegime) {
    list.sort((a, b) => a.from - b.from);
    for (let i = 1; i < list.length; i += 1) {
      const prev = list[i - 1] as ContentTerritory;
      const cur = list[i] as ContentTerritory;
      if (cur.from <= prev.to) {
        issues.push({
          file: cur.file,
          record: `${key} ${cur.from}`,
          field: "from",
          message: `与同一政权 ${formatYear(prev.from)}—${formatYear(prev.to)} 的疆域重叠`,
        });
      }
    }
  }
  territories.sort((a, b) => a.from - b.from || a.regimeKey.localeCompare(b.regimeKey));
  return { territories, baseMap };
}

export interface TerritoryCoverage {
  regimes: number;
  /** Regimes with at least one period. */
  covered: number;
  periods: number;
  /** Umbrella regimes without a territory of their own: drawn through their parts. */
  throughParts: string[];
  /** Regimes with no territory at all (names). */
  missing: string[];
  /** Regimes whose periods leave years uncovered: name and the uncovered spans. */
  gaps: { name: string; spans: string[] }[];
}

/** Which regimes have territories, which lack them, and which years of a regime have none. */
export function territoryCoverage(
  regimes: readonly RegimeLike[],
  territories: readonly ContentTerritory[],
): TerritoryCoverage {
  const byRegime = new Map<string, ContentTerritory[]>();
  for (const t of territories) byRegime.set(t.regimeId, [...(byRegime.get(t.regimeId) ?? []), t]);
  const report: TerritoryCoverage = {
    regimes: regimes.length,
    covered: 0,
    periods: territories.length,
    throughParts: [],
    missing: [],
    gaps: [],
  };
  for (const regime of regimes) {
    const list = (byRegime.get(regime.id) ?? []).sort((a, b) => a.from - b.from);
    if (list.length === 0) {
      if (TIME_MAP_UMBRELLAS.has(regime.key)) report.throughParts.push(regime.name);
      else report.missing.push(regime.name);
      continue;
    }
    report.covered += 1;
    const rec = regime.record as RegimeRecord;
    const spans: string[] = [];
    let next = rec.start.year;
    const step = (y: number) => (y === -1 ? 1 : y + 1);
    const back = (y: number) => (y === 1 ? -1 : y - 1);
    for (const t of list) {
      if (t.from > next) spans.push(`${formatYear(next)}—${formatYear(back(t.from))}`);
      next = Math.max(next, step(t.to));
    }
    const end = rec.end?.year;
    if (end !== undefined && next <= end) spans.push(`${formatYear(next)}—${formatYear(end)}`);
    if (spans.length > 0) report.gaps.push({ name: regime.name, spans });
  }
  return report;
}

export function formatTerritoryCoverage(c: TerritoryCoverage): string[] {
  const lines = [
    `疆域：${c.covered}/${c.regimes} 个政权有疆域，共 ${c.periods} 个时期；${c.throughParts.length} 个由其组成部分绘出（${c.throughParts.join("、") || "无"}）`,
  ];
  if (c.missing.length > 0)
    lines.push(`  缺少疆域的政权（${c.missing.length}）：${c.missing.join("、")}`);
  for (const g of c.gaps) lines.push(`  ${g.name} 的疆域未覆盖：${g.spans.join("，")}`);
  return lines;
}
