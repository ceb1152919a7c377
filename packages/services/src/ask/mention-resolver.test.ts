import { describe, expect, it } from "vitest";
import type { SearchService } from "../search/search.server.ts";
import type { AskEntryRow } from "./ask-repository.ts";
import { createMentionResolver, LOOKUP_BUDGET } from "./mention-resolver.ts";

type Row = Pick<AskEntryRow, "id" | "kind" | "name"> & { aliases?: string[]; data?: object };

const ROWS: Row[] = [
  { id: "libai", kind: "person", name: "李白", aliases: ["诗仙"], data: { courtesy: "太白" } },
  // The chinese-poetry import's Song namesake of 李白.
  { id: "libai-song", kind: "person", name: "李白", data: { source: "chinese-poetry" } },
  { id: "dufu", kind: "person", name: "杜甫", aliases: ["诗圣"] },
  { id: "bei-song", kind: "regime", name: "北宋", aliases: ["宋"] },
  { id: "nan-song", kind: "regime", name: "南宋", aliases: ["宋"] },
  { id: "qin", kind: "regime", name: "秦", aliases: ["秦朝"] },
  { id: "qian-qin", kind: "regime", name: "前秦", aliases: ["秦"] },
  { id: "changan", kind: "place", name: "长安" },
  { id: "xian", kind: "place", name: "西安", aliases: ["长安"] },
  { id: "poem", kind: "poem", name: "李白墓", data: { author: "白居易" } },
];

/** The search as the resolver sees it: entries any of whose names contain the keyword. */
function fakes() {
  const searched: string[] = [];
  const names = (r: Row) => [
    r.name,
    ...(r.aliases ?? []),
    ...((r.data as { courtesy?: string } | undefined)?.courtesy ? ["太白"] : []),
  ];
  const search = {
    async suggestions({ keyword }: { keyword: string }) {
      searched.push(keyword);
      return ROWS.filter((r) => names(r).some((n) => n.includes(keyword))).map((r) => ({
        id: r.id,
        type: "ENTRY" as const,
        kind: r.kind,
        name: r.name,
        summary: "",
        timeDesc: null,
        imageUrl: null,
        author: null,
      }));
    },
  } as unknown as SearchService;
  const repository = {
    async entries(ids: string[]): Promise<AskEntryRow[]> {
      return ROWS.filter((r) => ids.includes(r.id)).map((r) => ({
        id: r.id,
        key: r.id,
        kind: r.kind,
        name: r.name,
        aliases: JSON.stringify(r.aliases ?? []),
        summary: "",
        start_year: null,
        end_year: null,
        time_desc: null,
        regime_id: null,
        data: JSON.stringify(r.data ?? {}),
      }));
    },
  };
  return { resolver: createMentionResolver({ search, repository }), searched };
}

const idOf = (r: Awaited<ReturnType<ReturnType<typeof createMentionResolver>["resolve"]>>) =>
  r.status === "found" ? r.entry.id : r.status;

describe("createMentionResolver", () => {
  it("matches whole names, aliases and 字, never part of a name", async () => {
    const { resolver } = fakes();
    expect(idOf(await resolver.resolve("杜甫"))).toBe("dufu");
    expect(idOf(await resolver.resolve("诗圣"))).toBe("dufu");
    expect(idOf(await resolver.resolve("太白"))).toBe("libai");
    // 李白墓 contains 李白, but "李" alone names nothing.
    expect(idOf(await resolver.resolve("李"))).toBe("none");
  });

  it("prefers the entry's own name to another's alias, and curated entries to imported ones", async () => {
    const { resolver } = fakes();
    expect(idOf(await resolver.resolve("长安"))).toBe("changan");
    expect(idOf(await resolver.resolve("秦"))).toBe("qin");
    expect(idOf(await resolver.resolve("李白"))).toBe("libai");
  });

  it("drops a regime ending the corpus does not list, and finds the longest name inside", async () => {
    const { resolver } = fakes();
    expect(idOf(await resolver.resolve("秦朝"))).toBe("qin");
    const found = await resolver.resolve("诗人李白先生");
    expect(found).toMatchObject({ status: "found", matched: "李白", partial: true });
    expect(await resolver.resolve("杜甫")).toMatchObject({ partial: false });
    expect(idOf(await resolver.resolve("唐代诗人杜甫"))).toBe("dufu");
  });

  it("reports a name several entries share, with the kinds asked about deciding first", async () => {
    const { resolver } = fakes();
    const song = await resolver.resolve("宋朝");
    expect(song.status).toBe("ambiguous");
    expect(song.status === "ambiguous" && song.entries.map((e) => e.id)).toEqual([
      "bei-song",
      "nan-song",
    ]);
    expect(song.status === "ambiguous" && song.matched).toBe("宋");
    const both = await resolver.resolve("李白杜甫");
    expect(both.status === "ambiguous" && both.entries.map((e) => e.id)).toEqual(["libai", "dufu"]);
    expect(idOf(await resolver.resolve("长安", ["place"]))).toBe("changan");
  });

  it("looks each name up once and stops looking when its budget is spent", async () => {
    const { resolver, searched } = fakes();
    await resolver.resolve("李白");
    await resolver.resolve("李白");
    expect(searched.filter((k) => k === "李白")).toHaveLength(1);
    for (let i = 0; i < 20; i++) await resolver.resolve(`甲乙丙丁戊己庚辛壬癸${i}`);
    expect(searched.length).toBeLessThanOrEqual(LOOKUP_BUDGET);
    expect(idOf(await resolver.resolve("西安"))).toBe("none");
  });
});
