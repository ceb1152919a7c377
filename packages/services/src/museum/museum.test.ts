import { describe, expect, it } from "vitest";
import { arrangeMuseum } from "./museum.server.ts";
import type { MuseumRegimeRow, MuseumWorkRow } from "./museum-repository.ts";

const regime = (id: string, name: string, start: number, period: string): MuseumRegimeRow => ({
  id,
  name,
  start_year: start,
  end_year: start + 100,
  data: JSON.stringify({ period }),
});

const REGIMES = [
  regime("r-tang", "唐", 618, "隋唐五代"),
  regime("r-jin", "东晋", 317, "三国两晋南北朝"),
  regime("r-song", "北宋", 960, "宋辽金夏元"),
];

function work(
  id: string,
  name: string,
  data: Record<string, unknown>,
  row: Partial<MuseumWorkRow> = {},
): MuseumWorkRow {
  return {
    id,
    name,
    summary: `${name}的简介。`,
    start_year: null,
    time_desc: null,
    regime_id: null,
    data: JSON.stringify(data),
    ...row,
  };
}

describe("the museum's rooms", () => {
  it("hangs paintings and calligraphy in the room of their regime's period, oldest first", () => {
    const museum = arrangeMuseum(
      [
        work(
          "w-zao-chun",
          "早春图",
          {
            category: "绘画",
            form: "山水画",
            mount: "轴",
            size: { height: 158.3, width: 108.1 },
            creators: ["guo-xi"],
            refs: { "guo-xi": { id: "p1", name: "郭熙", kind: "person" } },
            holder: "台北故宫博物院",
          },
          { regime_id: "r-song", start_year: 1072, time_desc: "1072年" },
        ),
        work(
          "w-ji-zhi",
          "祭侄文稿",
          { category: "书法", form: "行书", mount: "卷", creators: ["yan-zhenqing"] },
          { regime_id: "r-tang", start_year: 758 },
        ),
        work(
          "w-nv-shi",
          "女史箴图",
          {
            category: "绘画",
            creators: [{ person: "gu-kaizhi", role: "传为原作者" }],
            refs: { "gu-kaizhi": { id: "p2", name: "顾恺之", kind: "person" } },
          },
          { regime_id: "r-jin" },
        ),
        work("w-mona", "蒙娜丽莎", { category: "绘画", mount: "画板" }),
        // Not hung: a book, and a painting whose category the record does not give.
        work("w-shi-ji", "史记", { category: "典籍" }, { regime_id: "r-song" }),
        work("w-odd", "无类", { mount: "卷" }, { regime_id: "r-song" }),
      ],
      REGIMES,
    );
    expect(museum.rooms.map((r) => [r.id, r.name, r.exhibits.map((e) => e.name)])).toEqual([
      ["wei-jin-tang", "魏晋—唐", ["女史箴图", "祭侄文稿"]],
      ["song-yuan", "宋元", ["早春图"]],
      ["world", "域外名作", ["蒙娜丽莎"]],
    ]);
    expect(museum.exhibitCount).toBe(4);
    const [jin, tang] = museum.rooms[0]?.exhibits ?? [];
    expect(jin).toMatchObject({ artist: "顾恺之（传为原作者）", dynasty: "东晋", mount: null });
    // A creator the corpus does not name is left out rather than shown as a key.
    expect(tang).toMatchObject({ artist: null, dynasty: "唐", mount: "卷", form: "行书" });
    expect(museum.rooms[1]?.exhibits[0]).toEqual({
      id: "w-zao-chun",
      name: "早春图",
      category: "绘画",
      form: "山水画",
      mount: "轴",
      size: { height: 158.3, width: 108.1 },
      artist: "郭熙",
      dynasty: "北宋",
      timeDesc: "1072年",
      holder: "台北故宫博物院",
      summary: "早春图的简介。",
    });
  });

  it("shortens long summaries for the sheet and ignores malformed mounts and sizes", () => {
    const long = "长".repeat(300);
    const museum = arrangeMuseum(
      [
        work(
          "w1",
          "甲",
          { category: "绘画", mount: "屏风", size: { height: "高", width: 3 } },
          { regime_id: "r-tang", summary: long },
        ),
      ],
      REGIMES,
    );
    const exhibit = museum.rooms[0]?.exhibits[0];
    expect(exhibit?.mount).toBeNull();
    expect(exhibit?.size).toBeNull();
    expect(exhibit?.summary.length).toBeLessThan(120);
    expect(exhibit?.summary.endsWith("…")).toBe(true);
  });

  it("has no rooms when the corpus has no paintings", () => {
    expect(arrangeMuseum([], REGIMES)).toEqual({ rooms: [], exhibitCount: 0 });
  });
});
