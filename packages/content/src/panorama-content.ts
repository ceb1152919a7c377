import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  PANORAMA_EDITIONS,
  PANORAMA_FEATURE_KINDS,
  PANORAMA_PALETTES,
  type PanoramaEdition,
  type PanoramaFeature,
  type PanoramaPalette,
} from "@tongjian/domain/panorama";
import { z } from "zod";
import { parseKeyedFile } from "./keyed-file.ts";

/**
 * The panoramas (content/panoramas.yaml, docs/content-format.md "Panoramas"): the two editions
 * with their prefaces, and the scenes: what the generator draws, the hotspots that link to
 * entries, and the scene's people and books. Every key must be an entry of the corpus of the
 * right kind; loadContent reports the ones that are not.
 */

export const PANORAMA_FILE = "panoramas.yaml";

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const key = z.string().regex(KEY, "键只能由小写字母、数字和连字符组成");
const yaw = z.number().min(0, "方向在 0 到 360 度之间").lt(360, "方向在 0 到 360 度之间");
const pitch = z.number().min(-60, "俯仰在 -60 到 60 度之间").max(60, "俯仰在 -60 到 60 度之间");
const scale = z.number().min(0.4).max(2.5).optional();
const text = (min: number, max: number) =>
  z.string().trim().min(min, `至少 ${min} 个字符`).max(max, `至多 ${max} 个字符`);
// Lines of a block are one paragraph: Chinese needs no space where a line was broken.
const paragraphs = (min: number, max: number) =>
  z
    .string()
    .transform((value) =>
      value
        .split(/\n\s*\n/)
        .map((p) =>
          p
            .split("\n")
            .map((line) => line.trim())
            .join(""),
        )
        .filter((p) => p.length > 0),
    )
    .refine((list) => list.join("").length >= min, `至少 ${min} 个字符`)
    .refine((list) => list.join("").length <= max, `至多 ${max} 个字符`);

const band = { from: yaw, to: yaw };
const featureSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("wall"),
      ...band,
      color: z.enum(["grey", "red", "earth"]).optional(),
    }),
    z.strictObject({ kind: z.literal("gate"), yaw, scale }),
    z.strictObject({
      kind: z.literal("hall"),
      yaw,
      scale,
      roof: z.enum(["grey", "gold"]).optional(),
    }),
    z.strictObject({
      kind: z.literal("pagoda"),
      yaw,
      scale,
      tiers: z.number().int().min(3).max(13).optional(),
    }),
    z.strictObject({
      kind: z.literal("tower"),
      yaw,
      scale,
      tiers: z.number().int().min(2).max(9).optional(),
    }),
    z.strictObject({
      kind: z.literal("hill"),
      yaw,
      width: z.number().min(5).max(180),
      height: z.number().min(2).max(30).optional(),
    }),
    z.strictObject({ kind: z.literal("water"), ...band }),
    z.strictObject({ kind: z.literal("bridge"), yaw, scale }),
    z.strictObject({ kind: z.literal("trees"), ...band, willow: z.boolean().optional() }),
    z.strictObject({ kind: z.literal("boats"), ...band, sails: z.boolean().optional() }),
    z.strictObject({ kind: z.literal("cliff"), ...band, caves: z.boolean().optional() }),
    z.strictObject({ kind: z.literal("dunes"), ...band }),
    z.strictObject({
      kind: z.literal("road"),
      yaw,
      /** Half the road's width over the eye's height: 3 a lane, 12 a great avenue. */
      width: z.number().min(1).max(20).optional(),
      paving: z.enum(["stone", "earth"]).optional(),
    }),
  ],
  { error: `景物 kind 只能是 ${PANORAMA_FEATURE_KINDS.join("、")}` },
);

const uniqueKeys = (min: number, max: number) =>
  z
    .array(key)
    .min(min, `至少 ${min} 项`)
    .max(max, `至多 ${max} 项`)
    .refine((list) => new Set(list).size === list.length, "键重复");

const editionSchema = z.strictObject({
  key: z.enum(PANORAMA_EDITIONS),
  title: text(2, 16),
  tagline: text(4, 40),
  preface: paragraphs(80, 1200),
});

const sceneSchema = z.strictObject({
  key,
  edition: z.enum(PANORAMA_EDITIONS),
  name: text(2, 16),
  era: text(1, 16),
  /** The year the scene shows (BCE negative). */
  year: z
    .number()
    .int()
    .refine((y) => y !== 0, "没有公元0年"),
  /** The place entry the scene stands in. */
  place: key,
  locked: z.boolean().default(false),
  summary: text(10, 80),
  intro: paragraphs(60, 800),
  /** Where the viewer stands, in words: 朱雀大街北望. */
  viewpoint: text(2, 24),
  palette: z.enum(PANORAMA_PALETTES),
  features: z.array(featureSchema).min(3, "至少 3 处景物").max(40, "至多 40 处景物"),
  hotspots: z
    .array(
      z.strictObject({
        entry: key,
        yaw,
        pitch,
        label: text(1, 12),
        note: text(6, 80),
      }),
    )
    .min(3, "至少 3 个热点")
    .max(16, "至多 16 个热点"),
  people: uniqueKeys(2, 16),
  books: uniqueKeys(1, 10),
});

const panoramaFileSchema = z.strictObject({
  editions: z.array(editionSchema).min(1),
  scenes: z.array(sceneSchema).min(1),
});

/** An entry the panoramas may name: a key of the corpus with its id, kind and name. */
export interface PanoramaEntryRef {
  id: string;
  key: string;
  kind: string;
  name: string;
}

export interface ContentPanoramaEdition {
  key: PanoramaEdition;
  title: string;
  tagline: string;
  preface: string[];
}

export interface ContentPanoramaHotspot {
  entry: PanoramaEntryRef;
  yaw: number;
  pitch: number;
  label: string;
  note: string;
}

export interface ContentPanoramaScene {
  id: string;
  key: string;
  edition: PanoramaEdition;
  name: string;
  era: string;
  year: number;
  place: PanoramaEntryRef;
  locked: boolean;
  summary: string;
  intro: string[];
  viewpoint: string;
  palette: PanoramaPalette;
  features: PanoramaFeature[];
  hotspots: ContentPanoramaHotspot[];
  people: PanoramaEntryRef[];
  books: PanoramaEntryRef[];
}

export interface ContentPanoramas {
  editions: ContentPanoramaEdition[];
  scenes: ContentPanoramaScene[];
}

export interface PanoramaIssue {
  file: string;
  record: string;
  field: string;
  message: string;
}

/** Stable ids, as for the corpus: the same key gives the same id on every seed. */
export function panoramaSceneId(sceneKey: string): string {
  return createHash("sha1").update(`panorama:${sceneKey}`).digest("hex").slice(0, 24);
}

/**
 * The panoramas of a content folder (none when it has no panoramas.yaml), with every key
 * resolved through `entries`. Problems are added to `issues`, each naming scene and field.
 */
export function loadPanoramas(
  root: string,
  entries: ReadonlyMap<string, PanoramaEntryRef>,
  issues: PanoramaIssue[],
): ContentPanoramas {
  const empty: ContentPanoramas = { editions: [], scenes: [] };
  const path = join(root, PANORAMA_FILE);
  if (!existsSync(path)) return empty;
  const file = PANORAMA_FILE;
  const data = parseKeyedFile(readFileSync(path, "utf8"), panoramaFileSchema, file, issues);
  if (!data) return empty;
  const before = issues.length;
  const editionKeys = new Set<string>();
  for (const edition of data.editions) {
    if (editionKeys.has(edition.key))
      issues.push({ file, record: edition.key, field: "key", message: "版本重复" });
    editionKeys.add(edition.key);
  }

  const resolve = (sceneKey: string, field: string, k: string, kinds?: string[]) => {
    const target = entries.get(k);
    if (!target) {
      issues.push({ file, record: sceneKey, field, message: `引用的键 ${k} 不存在` });
      return undefined;
    }
    if (kinds && !kinds.includes(target.kind)) {
      issues.push({
        file,
        record: sceneKey,
        field,
        message: `${k} 是 ${target.kind}，这里只能是 ${kinds.join("/")}`,
      });
      return undefined;
    }
    return target;
  };

  const seen = new Set<string>();
  const scenes: ContentPanoramaScene[] = [];
  for (const scene of data.scenes) {
    if (seen.has(scene.key)) {
      issues.push({ file, record: scene.key, field: "key", message: "场景重复" });
      continue;
    }
    seen.add(scene.key);
    if (!editionKeys.has(scene.edition)) {
      issues.push({
        file,
        record: scene.key,
        field: "edition",
        message: `版本 ${scene.edition} 没有写在 editions 中`,
      });
    }
    const place = resolve(scene.key, "place", scene.place, ["place"]);
    const hotspots = scene.hotspots.flatMap((h, i) => {
      const entry = resolve(scene.key, `hotspots.${i}.entry`, h.entry);
      return entry ? [{ ...h, entry }] : [];
    });
    const people = scene.people.flatMap((k, i) => {
      const entry = resolve(scene.key, `people.${i}`, k, ["person"]);
      return entry ? [entry] : [];
    });
    const books = scene.books.flatMap((k, i) => {
      const entry = resolve(scene.key, `books.${i}`, k, ["work"]);
      return entry ? [entry] : [];
    });
    if (!place) continue;
    scenes.push({
      id: panoramaSceneId(scene.key),
      key: scene.key,
      edition: scene.edition,
      name: scene.name,
      era: scene.era,
      year: scene.year,
      place,
      locked: scene.locked,
      summary: scene.summary,
      intro: scene.intro,
      viewpoint: scene.viewpoint,
      palette: scene.palette,
      features: scene.features as PanoramaFeature[],
      hotspots,
      people,
      books,
    });
  }
  for (const edition of data.editions) {
    if (!scenes.some((s) => s.edition === edition.key) && issues.length === before) {
      issues.push({ file, record: edition.key, field: "-", message: "该版本没有场景" });
    }
  }
  return { editions: data.editions, scenes };
}
