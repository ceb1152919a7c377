import { describe, expect, it } from "vitest";
import { wakeApp } from "./open-app.ts";

function fakeClock() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const visited: string[] = [];
  let visible = true;
  return {
    visited,
    setVisible: (v: boolean) => {
      visible = v;
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.splice(0).sort((a, b) => a.at - b.at)) {
        if (t.at <= now) t.fn();
        else timers.push(t);
      }
    },
    deps: {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
      isVisible: () => visible,
      navigate: (url: string) => visited.push(url),
    },
  };
}

describe("wakeApp", () => {
  it("opens the scheme link and falls back to the download page when the app did not open", () => {
    const c = fakeClock();
    const scheme = wakeApp("/ah/article/abc?x=1", c.deps);
    expect(scheme).toBe("tongjian://open?url=%2Fah%2Farticle%2Fabc%3Fx%3D1");
    c.advance(999);
    expect(c.visited).toEqual([scheme]);
    c.advance(1);
    expect(c.visited[1]).toBe(`/redirectpage?redirect=${encodeURIComponent(scheme)}`);
  });

  it("stays when the page was hidden (the app opened)", () => {
    const c = fakeClock();
    wakeApp("/", c.deps);
    c.setVisible(false);
    c.advance(1000);
    expect(c.visited).toHaveLength(1);
  });

  it("stays when the check ran late (timers were suspended while the app was open)", () => {
    const c = fakeClock();
    wakeApp("/", c.deps);
    c.advance(1300);
    expect(c.visited).toHaveLength(1);
  });
});

describe("wakeApp on the download page", () => {
  it("reports the failure instead of going to the download page again", () => {
    const c = fakeClock();
    const failed: string[] = [];
    const scheme = wakeApp("/detail/1", c.deps, (s) => failed.push(s));
    c.advance(1000);
    expect(c.visited).toEqual([scheme]);
    expect(failed).toEqual([scheme]);
  });
});
