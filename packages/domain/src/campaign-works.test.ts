import { describe, expect, it } from "vitest";
import { plainWorkText, plainWorkTitle } from "./campaign-work-text.ts";
import {
  countsPerDay,
  placeAwards,
  type RankedWork,
  standing,
  WORK_CAMPAIGNS,
  workCampaign,
  workExcerpt,
  workPath,
  workProblems,
} from "./campaign-works.ts";
import type { CampaignReward } from "./campaigns.ts";
import { dueRewards } from "./campaigns.ts";

const essay = WORK_CAMPAIGNS.wenshireward?.rules;
const gallery = WORK_CAMPAIGNS.workcollection?.rules;

describe("plainWorkText", () => {
  it("removes markup with script bodies, keeps the text and its paragraphs", () => {
    expect(plainWorkText("<p>贞观<b>之治</b></p><script>alert(1)</script>")).toBe("贞观之治");
    expect(plainWorkText("第一段\r\n\r\n\r\n\r\n第二段  \n第三段")).toBe(
      "第一段\n\n第二段\n第三段",
    );
    expect(plainWorkText("a < b & c > d")).toBe("a < b & c > d");
    expect(plainWorkText("\u0000\u0007  长安  ")).toBe("长安");
    expect(plainWorkText('<img src=x onerror="alert(1)">')).toBe("");
  });
  it("puts a title on one line", () => {
    expect(plainWorkTitle("  唐代\n长安 <i>夜市</i> ")).toBe("唐代 长安 夜市");
  });
});

describe("workProblems", () => {
  it("counts Chinese characters as two and states the limits in 汉字", () => {
    if (!essay || !gallery) throw new Error("rules missing");
    expect(workProblems({ title: "长安", text: "字".repeat(100), imageCount: 0 }, essay)).toEqual(
      [],
    );
    expect(workProblems({ title: "长", text: "字".repeat(99), imageCount: 0 }, essay)).toEqual([
      "标题至少 2 个汉字",
      "正文至少 100 个汉字（现在约 99 个）",
    ]);
    expect(workProblems({ title: "长安", text: "字".repeat(4001), imageCount: 10 }, essay)).toEqual(
      ["正文至多 4000 个汉字（现在约 4001 个）", "图片至多 9 张"],
    );
    expect(workProblems({ title: "应县木塔", text: "", imageCount: 0 }, gallery)).toEqual([
      "请至少上传 1 张图片",
    ]);
    expect(workProblems({ title: "应县木塔", text: "", imageCount: 9 }, gallery)).toEqual([]);
  });
});

describe("standing and placeAwards", () => {
  const w = (id: string, authorId: string, likes: number, reachedAt: string): RankedWork => ({
    id,
    authorId,
    likes,
    reachedAt,
  });
  const reward = (key: string, from: number, to: number): CampaignReward => ({
    key,
    label: key,
    item: "vip-days",
    amount: 7,
    threshold: 0,
    rank: { from, to },
  });

  it("ranks by likes, ties to who got there first, one place per author", () => {
    const ranked = standing([
      w("a", "x", 5, "2026-11-03"),
      w("b", "y", 7, "2026-11-05"),
      w("c", "z", 5, "2026-11-02"),
      w("d", "y", 6, "2026-11-01"),
      w("e", "q", 0, "2026-11-01"),
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["b", "c", "a", "e"]);
  });

  it("gives each place its prize, never to a work without likes", () => {
    const ranked = standing([w("a", "x", 9, "1"), w("b", "y", 4, "2"), w("c", "z", 0, "3")]);
    const awards = placeAwards(ranked, [
      reward("first", 1, 1),
      reward("second", 2, 3),
      { key: "badge", label: "badge", item: "badge", amount: 1, threshold: 1 },
    ]);
    expect(awards.map((a) => [a.place, a.work.id, a.reward.key])).toEqual([
      [1, "a", "first"],
      [2, "b", "second"],
    ]);
  });

  it("keeps prizes by place out of the rewards due by progress", () => {
    const rewards = [
      reward("first", 1, 1),
      { key: "badge", label: "badge", item: "badge" as const, amount: 1, threshold: 1 },
    ];
    expect(dueRewards(rewards, 100, new Set()).map((r) => r.key)).toEqual(["badge"]);
  });
});

describe("countsPerDay, excerpts and paths", () => {
  it("fills the days without any with 0", () => {
    expect(
      countsPerDay(
        [
          { day: "2026-11-02", count: 3 },
          { day: "2026-11-04", count: 1 },
        ],
        "2026-11-01",
        "2026-11-04",
      ),
    ).toEqual([
      { day: "2026-11-01", count: 0 },
      { day: "2026-11-02", count: 3 },
      { day: "2026-11-03", count: 0 },
      { day: "2026-11-04", count: 1 },
    ]);
  });
  it("cuts excerpts by characters and knows the two activities", () => {
    expect(workExcerpt("一二三\n四五六", 4)).toBe("一二三…");
    expect(workExcerpt("一二三\n四五六", 5)).toBe("一二三 四…");
    expect(workCampaign("wenshireward")?.noun).toBe("征文");
    expect(workCampaign("toString")).toBeNull();
    expect(workPath("workcollection", "abc")).toBe("/workcollection/detail?id=abc");
  });
});
