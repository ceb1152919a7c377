import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { territoryFixtureDir } from "../../../../tests/support/territory-content.ts";
import { databaseTargets } from "../../../../tests/support/test-targets.ts";
import { ringArea2 } from "../geo/rings.ts";
import { contentId, loadContent } from "../load-content.ts";
import { seedContent } from "../seed-content.ts";
import {
  importTerritories,
  removeImportedTerritories,
  TerritoryImportError,
} from "./import-territories.ts";

const SAMPLE = "tests/fixtures/territories/sample.geojson";
const TANG = contentId("regime", "tang");
const QIN = contentId("regime", "qin");

function tempFile(name: string, body: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "tongjian-import-")), name);
  writeFileSync(path, typeof body === "string" ? body : JSON.stringify(body));
  return path;
}

const square = (x: number, y: number) => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + 2, y],
      [x + 2, y + 2],
      [x, y + 2],
      [x, y],
    ],
  ],
});

describe.each(databaseTargets())("importTerritories on $name", (target) => {
  let handle: DatabaseHandle;
  const rows = () =>
    handle.db
      .selectFrom("territory")
      .select(["regime_id", "from_year", "to_year", "source", "imported_from", "note", "geometry"])
      .orderBy("source")
      .orderBy("from_year")
      .execute();

  beforeAll(async () => {
    handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-import-")), "db.sqlite"),
    });
    await dropAll(handle.db);
    await migrateToLatest(handle.db);
    await seedContent(handle, loadContent(territoryFixtureDir()), { searchIndex: false });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores a Cliopatria-style file beside the composed territories", async () => {
    const summary = await importTerritories(handle, SAMPLE);
    expect(summary).toMatchObject({
      file: "sample.geojson",
      imported: 3,
      replaced: 0,
      skipped: ["features[3] “Kingdom of Silla”：语料中没有这个政权"],
    });
    // 950 lies beyond 唐's years: the period is cut to 907.
    expect(summary.trimmed).toEqual(["features[1] 唐：756年—950年 → 756年—907年"]);
    const imported = (await rows()).filter((r) => r.source === "imported");
    expect(imported.map((r) => [r.regime_id, r.from_year, r.to_year])).toEqual([
      [QIN, -221, -207],
      [TANG, 618, 755],
      [TANG, 756, 907],
    ]);
    expect(imported.every((r) => r.imported_from === "sample.geojson")).toBe(true);
    expect(imported[1]?.note).toBe("测试用的疆域多边形：唐前期。");
    expect(imported[2]?.note).toContain("测试数据集");
    const geometry = JSON.parse(imported[1]?.geometry ?? "{}");
    expect(geometry.type).toBe("MultiPolygon");
    expect(ringArea2(geometry.coordinates[0][0])).toBeLessThan(0);
    // The composed ones are still there.
    expect((await rows()).filter((r) => r.source === "composed")).toHaveLength(3);
  });

  it("replaces an earlier import of the same file, and a seed keeps imports", async () => {
    const again = await importTerritories(handle, SAMPLE);
    expect(again).toMatchObject({ imported: 3, replaced: 3 });
    await seedContent(handle, loadContent(territoryFixtureDir()), { searchIndex: false });
    const all = await rows();
    expect(all.filter((r) => r.source === "imported")).toHaveLength(3);
    expect(all.filter((r) => r.source === "composed")).toHaveLength(3);
  });

  it("rejects a malformed file naming feature and field, and writes nothing", async () => {
    const before = await rows();
    const bad = tempFile("sample.geojson", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { name: "唐", from: 620, to: 630 },
          geometry: square(105, 30),
        },
        {
          type: "Feature",
          properties: { name: "唐", FromYear: 0, ToYear: 640 },
          geometry: square(105, 30),
        },
        {
          type: "Feature",
          properties: { regime: "da-qin", from: 700, to: 710 },
          geometry: square(105, 30),
        },
        {
          type: "Feature",
          properties: { name: "秦", from: -210, to: -209 },
          geometry: { type: "Point", coordinates: [1, 2] },
        },
        { type: "Feature", properties: { name: "秦", from: -215 }, geometry: square(300, 30) },
      ],
    });
    let error: unknown;
    try {
      await importTerritories(handle, bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TerritoryImportError);
    const issues = (error as TerritoryImportError).issues.map((i) => `${i.feature}|${i.field}`);
    expect(issues).toEqual([
      "1|properties.FromYear",
      "2|properties.regime",
      "3|geometry",
      "4|properties.to",
      "4|geometry",
    ]);
    expect((error as Error).message).toContain(
      "features[2] · properties.regime: 政权 da-qin 不存在",
    );
    expect((error as Error).message).toContain("未导入任何记录");
    // The good first feature was not written either, nor the earlier import touched.
    expect(await rows()).toEqual(before);
  });

  it("rejects what is not a FeatureCollection, and overlapping periods of one regime", async () => {
    await expect(importTerritories(handle, tempFile("x.geojson", "{not json"))).rejects.toThrow(
      /不是有效的 JSON/,
    );
    await expect(
      importTerritories(handle, tempFile("x.geojson", { type: "Feature", properties: {} })),
    ).rejects.toThrow(/FeatureCollection/);
    const overlap = tempFile("x.geojson", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { name: "唐", from: 620, to: 700 },
          geometry: square(105, 30),
        },
        {
          type: "Feature",
          properties: { name: "李唐", from: 690, to: 710 },
          geometry: square(107, 30),
        },
      ],
    });
    const error = await importTerritories(handle, overlap).catch((e: unknown) => e);
    expect((error as TerritoryImportError).issues).toEqual([
      { feature: 1, field: "properties.from", message: expect.stringContaining("重叠") },
    ]);
  });

  it("skips features of polities outside the corpus, or outside the map, and says which", async () => {
    const world = tempFile("world.geojson", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { Name: "Roman Empire", FromYear: 100, ToYear: 200 },
          geometry: square(10, 40),
        },
        {
          type: "Feature",
          properties: { Name: "Tang dynasty", FromYear: 620, ToYear: 640 },
          geometry: square(10, 40),
        },
        {
          type: "Feature",
          properties: { Name: "Qin", FromYear: -300, ToYear: -260 },
          geometry: square(105, 30),
        },
      ],
    });
    const summary = await importTerritories(handle, world);
    expect(summary.imported).toBe(0);
    expect(summary.skipped).toEqual([
      "features[0] “Roman Empire”：语料中没有这个政权",
      "features[1] 唐：图形不在地图范围（东经40°—150°，南纬11°—北纬60°）之内",
      "features[2] 秦：前300年—前260年 与其年代 前221年—前207年 没有重合",
    ]);
  });

  it("removes what a file imported", async () => {
    expect(await removeImportedTerritories(handle, "sample.geojson")).toBe(3);
    expect((await rows()).every((r) => r.source === "composed")).toBe(true);
  });
});
