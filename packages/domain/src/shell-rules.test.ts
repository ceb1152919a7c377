import { describe, expect, it } from "vitest";
import { DIVINATION_SLOGAN, shellRules } from "./shell-rules.ts";

describe("shellRules", () => {
  it("shows a sticky light bar on ordinary pages, with the bottom bar on reading pages", () => {
    expect(shellRules("/")).toMatchObject({ topBar: "sticky", theme: "light", bottomBar: false });
    expect(shellRules("/ah/article/0123456789abcdef01234567")).toMatchObject({
      topBar: "sticky",
      bottomBar: true,
    });
    expect(shellRules("/detail/0123456789abcdef01234567/")).toMatchObject({ bottomBar: true });
  });

  it("hides the bar on immersive pages", () => {
    for (const path of [
      "/timebar",
      "/timebar/share",
      "/quiz/2021",
      "/buyvip/member",
      "/ladder/list",
      "/studyrecord/charts",
    ]) {
      expect(shellRules(path).topBar, path).toBe("hidden");
    }
  });

  it("lays the bar over relation (dark) and map (light) pages", () => {
    expect(shellRules("/relation")).toMatchObject({ topBar: "overlay", theme: "dark" });
    expect(shellRules("/home/timemap")).toMatchObject({ topBar: "overlay", theme: "light" });
    expect(shellRules("/map/detail/tang")).toMatchObject({ topBar: "overlay", theme: "light" });
  });

  it("gives divination its own text and panoramas the bare black layout", () => {
    expect(shellRules("/divination").slogan).toBe(DIVINATION_SLOGAN);
    expect(shellRules("/panorama2022/people")).toMatchObject({ layout: "black", topBar: "hidden" });
  });

  it("matches whole path segments only", () => {
    expect(shellRules("/ladders").topBar).toBe("sticky");
    expect(shellRules("/mapx").topBar).toBe("sticky");
  });
});
