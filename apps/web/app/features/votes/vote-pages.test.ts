import { describe, expect, it } from "vitest";
import { detailPath, VOTE_LIST, VOTE_NAV, voteKeyOf } from "./vote-pages.ts";

describe("vote pages", () => {
  it("tell their campaign from the path", () => {
    expect(voteKeyOf("/love")).toBe("love");
    expect(voteKeyOf("/love/detail")).toBe("love");
    expect(voteKeyOf("/wenshisong/voterule")).toBe("wenshisong");
    expect(voteKeyOf("/lovely")).toBeNull();
    expect(voteKeyOf("/")).toBeNull();
  });
  it("link each campaign's pages", () => {
    expect(detailPath("love", "su-shi-wang-fu")).toBe("/love/detail?id=su-shi-wang-fu");
    expect(VOTE_NAV.wenshisong.map(([to]) => to)).toContain(VOTE_LIST.wenshisong);
    expect(VOTE_NAV.love.map(([to]) => to)).toContain(VOTE_LIST.love);
  });
});
