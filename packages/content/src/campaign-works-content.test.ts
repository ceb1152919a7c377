import { WORK_CAMPAIGNS } from "@tongjian/domain/campaign-works";
import { describe, expect, it } from "vitest";
import { campaignSchema, loadCampaigns } from "./campaign-content.ts";
import { loadCommerce } from "./commerce-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";
import { loadPromotions } from "./promotions-content.ts";

// The work collections' campaigns (decision 46) as content/campaigns/ defines them.
describe("the work collections' campaigns", () => {
  const issues: KeyedFileIssue[] = [];
  const campaigns = loadCampaigns(
    "content",
    loadPromotions("content", loadCommerce("content", issues), issues),
    issues,
  );

  it("run from 2026-11-01 to the end of 2027 (China time) with prizes by place", () => {
    expect(issues).toEqual([]);
    for (const key of Object.keys(WORK_CAMPAIGNS)) {
      const c = campaigns.find((x) => x.key === key);
      expect(c, key).toBeDefined();
      expect(c?.kind).toBe("submission");
      expect(c?.path).toBe(`/${key}`);
      expect(Date.parse(c?.startsAt ?? "")).toBe(Date.parse("2026-11-01T00:00:00+08:00"));
      expect(Date.parse(c?.endsAt ?? "")).toBe(Date.parse("2027-12-31T23:59:59+08:00"));
      const places = (c?.rewards ?? []).flatMap((r) => (r.rank ? [r.rank] : []));
      expect(places[0]).toEqual({ from: 1, to: 1 });
      // Places follow each other without a gap or an overlap.
      for (let i = 1; i < places.length; i++)
        expect(places[i]?.from).toBe((places[i - 1]?.to ?? 0) + 1);
    }
  });

  it("refuses a place range that runs backwards", () => {
    const c = campaigns.find((x) => x.key === "wenshireward");
    const withRank = (rank: { from: number; to: number }) => ({
      ...c,
      rewards: [{ key: "x", label: "名次奖励", item: "vip-days", amount: 1, rank }],
    });
    expect(campaignSchema.safeParse(withRank({ from: 2, to: 3 })).success).toBe(true);
    const bad = withRank({ from: 3, to: 2 });
    expect(campaignSchema.safeParse(bad).success).toBe(false);
  });
});
