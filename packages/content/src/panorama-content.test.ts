import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";
import { loadPanoramas, type PanoramaEntryRef, type PanoramaIssue } from "./panorama-content.ts";

const refs = new Map<string, PanoramaEntryRef>(
  [
    ["chang-an", "place", "长安"],
    ["li-bai", "person", "李白"],
    ["du-fu", "person", "杜甫"],
    ["shi-ji", "work", "史记"],
    ["tang", "regime", "唐"],
  ].map(([key = "", kind = "", name = ""]) => [key, { id: `id-${key}`, key, kind, name }]),
);

const scene = (overrides: Record<string, string> = {}) => `
  - key: test-scene
    edition: panorama
    name: 测试城
    era: 唐
    year: 743
    place: ${overrides.place ?? "chang-an"}
    viewpoint: 城中
    summary: 一座用来测试的城市，画面简单。
    intro: |
      ${"这是测试用的场景介绍，写够六十个字符才能通过校验。".repeat(3)}
      第二行。
    palette: dawn
    features:
      - { kind: wall, from: 300, to: 60 }
      - { kind: gate, yaw: 0 }
      - { kind: ${overrides.feature ?? "pagoda"}, yaw: 150 }
    hotspots:
      - { entry: ${overrides.hotspot ?? "li-bai"}, yaw: 10, pitch: 5, label: 城门, note: 测试用的热点说明。 }
      - { entry: du-fu, yaw: 20, pitch: ${overrides.pitch ?? "5"}, label: 街, note: 测试用的热点说明。 }
      - { entry: tang, yaw: 30, pitch: 5, label: 宫, note: 测试用的热点说明。 }
    people: [li-bai, ${overrides.person ?? "du-fu"}]
    books: [shi-ji]
`;

const EDITION = `
editions:
  - key: panorama
    title: 测试版
    tagline: 测试用的一句话介绍
    preface: |
      ${"测试用的序言。".repeat(14)}
scenes:`;

function load(yaml: string) {
  const dir = mkdtempSync(join(tmpdir(), "tj-panorama-"));
  writeFileSync(join(dir, "panoramas.yaml"), yaml);
  const issues: PanoramaIssue[] = [];
  return { panoramas: loadPanoramas(dir, refs, issues), issues };
}

describe("panoramas.yaml", () => {
  it("loads the corpus's panoramas: two editions, at least four scenes, every hotspot an entry", () => {
    const { panoramas, entries } = loadContent("content");
    const ids = new Set(entries.map((e) => e.id));
    expect(panoramas.editions.map((e) => e.key)).toEqual(["panorama", "panorama2022"]);
    expect(panoramas.scenes.length).toBeGreaterThanOrEqual(4);
    expect(panoramas.scenes.some((s) => s.locked)).toBe(true);
    for (const s of panoramas.scenes) {
      for (const h of s.hotspots) expect(ids.has(h.entry.id), `${s.key}: ${h.label}`).toBe(true);
      expect(s.people.every((p) => p.kind === "person")).toBe(true);
      expect(s.books.every((b) => b.kind === "work")).toBe(true);
    }
  });

  it("accepts a good scene and resolves its keys", () => {
    const { panoramas, issues } = load(EDITION + scene());
    expect(issues).toEqual([]);
    expect(panoramas.scenes[0]?.hotspots[0]?.entry).toMatchObject({
      id: "id-li-bai",
      name: "李白",
    });
    expect(panoramas.scenes[0]?.intro).toHaveLength(1);
  });

  it("names the scene and field of a hotspot whose entry does not exist", () => {
    const { issues } = load(EDITION + scene({ hotspot: "no-such-person" }));
    expect(issues).toEqual([
      {
        file: "panoramas.yaml",
        record: "test-scene",
        field: "hotspots.0.entry",
        message: "引用的键 no-such-person 不存在",
      },
    ]);
  });

  it("rejects people who are not people, places that are not places, and bad shapes", () => {
    expect(load(EDITION + scene({ person: "shi-ji" })).issues[0]).toMatchObject({
      field: "people.1",
      message: "shi-ji 是 work，这里只能是 person",
    });
    expect(load(EDITION + scene({ place: "li-bai" })).issues[0]?.field).toBe("place");
    expect(load(EDITION + scene({ pitch: "75" })).issues[0]).toMatchObject({
      record: "test-scene",
      field: "hotspots.1.pitch",
    });
    expect(load(EDITION + scene({ feature: "castle" })).issues[0]?.message).toContain(
      "kind 只能是",
    );
  });
});
