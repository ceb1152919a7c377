import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCampaigns } from "./campaign-content.ts";
import { loadCommerce } from "./commerce-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";
import { loadPromotions } from "./promotions-content.ts";

// The store's promotions as content/ defines them: campaigns' coupon rewards name their coupons.
const PROMOTIONS = loadPromotions("content", loadCommerce("content", []), []);

function copyOfCampaigns(): string {
  const root = mkdtempSync(join(tmpdir(), "tongjian-campaigns-"));
  cpSync("content/campaigns", join(root, "campaigns"), { recursive: true });
  return root;
}

describe("the campaigns' content", () => {
  it("accepts 求签's lots and 贺卡's wordings as they are", () => {
    const issues: KeyedFileIssue[] = [];
    const campaigns = loadCampaigns(copyOfCampaigns(), PROMOTIONS, issues);
    expect(issues).toEqual([]);
    expect(campaigns.map((c) => c.key)).toEqual(
      expect.arrayContaining(["divination", "greetingcard"]),
    );
  });

  it("reports a lots file that breaks the rules and wordings a card type lacks", () => {
    const root = copyOfCampaigns();
    writeFileSync(
      join(root, "campaigns/divination/lots.yaml"),
      "lots:\n  - { number: 1, grade: 上上, title: 试签, verse: 学而时习之。, work: 论语·学而, author: 孔子, reading: 一段足够长的解签文字，专门写给这个测试用来检查签文的数目是否够用。 }\n",
    );
    writeFileSync(
      join(root, "campaigns/greetingcard/wordings.yaml"),
      "wordings:\n  - { key: a, cardType: spring, title: 团圆, text: 新春快乐，阖家安康！ }\n",
    );
    const issues: KeyedFileIssue[] = [];
    loadCampaigns(root, PROMOTIONS, issues);
    const messages = issues.map((i) => `${i.file} ${i.message}`);
    expect(messages).toContain("campaigns/divination/lots.yaml 签文至少 60 支，现有 1 支");
    expect(messages).toContain("campaigns/greetingcard/wordings.yaml 春节贺卡至少要有两段祝福语");
  });
});
