import { describe, expect, it } from "vitest";
import { MINI_PROGRAM_ENTRANCES, miniProgramLaunchProblem } from "./mini-program-home.ts";
import { MINI_PROGRAM_PAGES } from "./mini-program-pages.ts";
import { ROUTE_MANIFEST } from "./route-manifest.ts";

describe("the mini program's home", () => {
  it("maps every entrance to a built page of this site, and the mini program's pages by key", () => {
    const built = new Map(ROUTE_MANIFEST.map((r) => [r.path, r.module]));
    for (const e of MINI_PROGRAM_ENTRANCES) {
      expect(built.get(e.route), e.route).toBeTruthy();
      if (e.miniPage) expect(MINI_PROGRAM_PAGES[e.miniPage]).toBeDefined();
    }
    // Every page a scheme may open is offered.
    expect(
      new Set(MINI_PROGRAM_ENTRANCES.flatMap((e) => (e.miniPage ? [e.miniPage] : []))),
    ).toEqual(new Set(Object.keys(MINI_PROGRAM_PAGES)));
    expect(new Set(MINI_PROGRAM_ENTRANCES.map((e) => e.key)).size).toBe(
      MINI_PROGRAM_ENTRANCES.length,
    );
  });

  it("explains a failed launch", () => {
    expect(miniProgramLaunchProblem(503)).toContain("暂未配置");
    expect(miniProgramLaunchProblem(502)).toContain("稍后重试");
    expect(miniProgramLaunchProblem(null)).toContain("网络");
  });
});
