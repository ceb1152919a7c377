import { describe, expect, it } from "vitest";
import {
  type CampaignReward,
  campaignPhase,
  campaignSharePayload,
  describeLimits,
  dueRewards,
  NO_LIMITS,
  participationProblem,
} from "./campaigns.ts";

const schedule = {
  previewAt: "2026-12-01T00:00:00.000Z",
  startsAt: "2026-12-10T00:00:00.000Z",
  endsAt: "2026-12-20T00:00:00.000Z",
  closedAt: null,
};

describe("campaign phases (server time)", () => {
  it("is hidden before its preview, 预热 until it starts, 进行中 until its end, then 已结束", () => {
    expect(campaignPhase(schedule, new Date("2026-11-30T23:59:59Z"))).toBeNull();
    expect(campaignPhase(schedule, new Date("2026-12-01T00:00:00Z"))).toBe("upcoming");
    expect(campaignPhase(schedule, new Date("2026-12-10T00:00:00Z"))).toBe("running");
    expect(campaignPhase(schedule, new Date("2026-12-19T23:59:59Z"))).toBe("running");
    expect(campaignPhase(schedule, new Date("2026-12-20T00:00:00Z"))).toBe("ended");
  });
  it("has ended once closed, whatever its dates", () => {
    const closed = { ...schedule, closedAt: "2026-12-12T00:00:00.000Z" };
    expect(campaignPhase(closed, new Date("2026-12-11T00:00:00Z"))).toBe("running");
    expect(campaignPhase(closed, new Date("2026-12-12T00:00:00Z"))).toBe("ended");
  });
  it("without a preview, appears when it starts", () => {
    expect(
      campaignPhase({ ...schedule, previewAt: null }, new Date("2026-12-05T00:00:00Z")),
    ).toBeNull();
  });
});

describe("participation", () => {
  const limits = { perDay: 1, perReader: 3, perDevice: 5 };
  it("says why not, in Chinese", () => {
    const none = { today: 0, total: 0, device: 0 };
    expect(participationProblem(null, none, limits)).toBe("活动不存在");
    expect(participationProblem("upcoming", none, limits)).toBe("活动尚未开始，敬请期待");
    expect(participationProblem("ended", none, limits)).toBe("活动已结束，感谢参与");
    expect(participationProblem("running", none, limits)).toBeNull();
    expect(participationProblem("running", { today: 1, total: 1, device: 1 }, limits)).toBe(
      "今天已经参与过了，明天再来吧",
    );
    expect(participationProblem("running", { today: 0, total: 3, device: 3 }, limits)).toBe(
      "每人最多参与 3 次，你已参与过了",
    );
    expect(participationProblem("running", { today: 0, total: 0, device: 5 }, limits)).toBe(
      "这台设备的参与次数已用完",
    );
    expect(
      participationProblem("running", { today: 9, total: 9, device: 9 }, NO_LIMITS),
    ).toBeNull();
  });
  it("describes the limits for the rules page", () => {
    expect(describeLimits(limits)).toEqual([
      "每人每天可参与 1 次",
      "每人共可参与 3 次",
      "每台设备共可参与 5 次",
    ]);
    expect(describeLimits(NO_LIMITS)).toEqual(["参与次数不限"]);
  });
});

describe("rewards and shares", () => {
  const rewards: CampaignReward[] = [
    { key: "three", label: "7 天会员", item: "vip-days", amount: 7, threshold: 3 },
    { key: "one", label: "补签卡 1 张", item: "reissue-card", amount: 1, threshold: 1 },
    { key: "first", label: "徽章", item: "badge", amount: 1, threshold: 0 },
  ];
  it("gives what the progress reached and was not given, lowest first", () => {
    expect(dueRewards(rewards, 1, new Set()).map((r) => r.key)).toEqual(["first", "one"]);
    expect(dueRewards(rewards, 5, new Set(["first"])).map((r) => r.key)).toEqual(["one", "three"]);
  });
  it("cuts the description to 100 characters and carries the sharer as `from`", () => {
    const p = campaignSharePayload(
      { title: "求签", desc: "签".repeat(150), imgUrl: "/a.png" },
      "/divination?from=someone-else&x=1",
      "u1",
    );
    expect(p.link).toBe("/divination?from=u1&x=1");
    expect([...p.desc].length).toBeLessThanOrEqual(100);
    expect(
      campaignSharePayload({ title: "t", desc: "d", imgUrl: "" }, "/a?from=x", null).link,
    ).toBe("/a");
    expect(
      campaignSharePayload({ title: "t", desc: "d", imgUrl: "" }, "https://h5.example.cn/a", "u")
        .link,
    ).toBe("https://h5.example.cn/a?from=u");
  });
});
