import { describe, expect, it } from "vitest";
import {
  alreadyVotedMessage,
  dayLimitMessage,
  isCandidateId,
  isVoteCampaign,
  momentsSpan,
  rankCandidates,
  voteProblem,
  voteRuleLines,
  votesLeft,
} from "./votes.ts";

describe("vote rankings", () => {
  const list = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
  it("orders by votes, equal counts share a place and keep the content's order", () => {
    const ranked = rankCandidates(
      list,
      new Map([
        ["b", 5],
        ["c", 5],
        ["d", 2],
      ]),
    );
    expect(ranked.map((r) => [r.candidate.id, r.rank, r.votes])).toEqual([
      ["b", 1, 5],
      ["c", 1, 5],
      ["d", 3, 2],
      ["a", 4, 0],
    ]);
  });
  it("reads as the content lists it before any vote", () => {
    expect(rankCandidates(list, new Map()).map((r) => [r.candidate.id, r.rank])).toEqual([
      ["a", 1],
      ["b", 1],
      ["c", 1],
      ["d", 1],
    ]);
  });
});

describe("vote limits", () => {
  it("counts the votes left today", () => {
    expect(votesLeft(3, 0)).toBe(3);
    expect(votesLeft(3, 2)).toBe(1);
    expect(votesLeft(3, 5)).toBe(0);
    expect(votesLeft(null, 9)).toBeNull();
  });
  it("says why a reader cannot vote, the day's limit before the candidate's", () => {
    const base = {
      signedIn: true,
      phaseReason: null,
      perDay: 3,
      usedToday: 0,
      votedForToday: false,
      title: "凤求凰",
    };
    expect(voteProblem(base)).toBeNull();
    expect(voteProblem({ ...base, signedIn: false })).toBe("登录后才能投票");
    expect(voteProblem({ ...base, votedForToday: true })).toBe(alreadyVotedMessage("凤求凰"));
    expect(voteProblem({ ...base, usedToday: 3, votedForToday: true })).toBe(dayLimitMessage(3));
    expect(voteProblem({ ...base, signedIn: false, phaseReason: "活动已结束，感谢参与" })).toBe(
      "活动已结束，感谢参与",
    );
    expect(dayLimitMessage(3)).toBe("每天最多投 3 票，今天的票已经投完了，明天再来吧");
    expect(alreadyVotedMessage("凤求凰")).toContain("今天已经给「凤求凰」投过票了");
  });
  it("writes the day's votes into the rules", () => {
    expect(voteRuleLines(3).join("")).toContain("每人每天共有 3 票");
    expect(voteRuleLines(null).join("")).toContain("不限");
  });
});

describe("vote ids and years", () => {
  it("knows the vote campaigns and well-formed candidate ids", () => {
    expect(isVoteCampaign("love")).toBe(true);
    expect(isVoteCampaign("divination")).toBe(false);
    expect(isCandidateId("sima-xiangru-zhuo-wenjun")).toBe(true);
    expect(isCandidateId("Bad_Id")).toBe(false);
    expect(isCandidateId("a".repeat(49))).toBe(false);
    expect(isCandidateId("")).toBe(false);
  });
  it("spans a story's years, BCE and uncertain ones marked", () => {
    expect(
      momentsSpan([
        { when: { year: -143, approx: true }, text: "临邛" },
        { when: { year: -118 }, text: "相如卒" },
      ]),
    ).toBe("约前143年—前118年");
    expect(momentsSpan([{ when: { year: 1075 }, text: "记梦" }])).toBe("1075年");
    expect(momentsSpan([])).toBeNull();
  });
});
