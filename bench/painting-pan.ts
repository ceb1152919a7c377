import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { contentId } from "@tongjian/content/load-content";
import type { CDPSession } from "playwright-core";
import { launchBrowser, phoneContext } from "../tests/support/browser.ts";
import { type RunningServer, startServer } from "../tests/support/start-server.ts";
import { intFromEnv } from "./bench-env.ts";

/**
 * The painting viewer under a thumb (issue 19): 清明上河图's 21,120-pixel-wide stand-in opened at
 * phone size, then, with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), pinched open
 * and dragged along the scroll with one finger. Every long task (PerformanceObserver 'longtask',
 * ≥ 50 ms) from the first touch to a second after the last is recorded; the target is none.
 */

const CPU_SLOWDOWN = intFromEnv("PAINTING_BENCH_CPU", 4);
const ROUNDS = intFromEnv("PAINTING_BENCH_ROUNDS", 3);
const RESULTS_DIR = new URL("./results/", import.meta.url);
const QING_MING = contentId("painting", "qing-ming-shang-he-tu");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  points: { x: number; y: number }[],
) {
  await cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
}

export async function runPaintingPanBench() {
  let server: RunningServer | undefined;
  const browser = await launchBrowser();
  try {
    server = await startServer({ contentDir: process.env.BENCH_CONTENT_DIR || "content" });
    const rounds: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/painting/${QING_MING}`, { waitUntil: "load" });
      await page.waitForFunction(() => document.querySelector(".tj-viewer__zoom")?.textContent);
      await page.waitForLoadState("networkidle");
      await sleep(1000);
      const stage = page.getByTestId("painting-stage");
      await stage.scrollIntoViewIfNeeded();
      const box = await stage.boundingBox();
      if (!box) throw new Error("no viewer");
      await page.evaluate(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
        }).observe({ type: "longtask" });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await touch(cdp, "touchStart", [
        { x: cx - 30, y: cy },
        { x: cx + 30, y: cy },
      ]);
      for (let i = 1; i <= 20; i++) {
        await touch(cdp, "touchMove", [
          { x: cx - 30 - i * 4, y: cy },
          { x: cx + 30 + i * 4, y: cy },
        ]);
        await sleep(16);
      }
      await touch(cdp, "touchEnd", []);
      await touch(cdp, "touchStart", [{ x: cx - 120, y: cy }]);
      for (let i = 1; i <= 90; i++) {
        await touch(cdp, "touchMove", [{ x: cx - 120 + i * 4, y: cy + Math.sin(i / 6) * 20 }]);
        await sleep(16);
      }
      await touch(cdp, "touchEnd", []);
      await sleep(1000);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      rounds.push(
        await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks),
      );
      await context.close();
    }
    const all = rounds.flat();
    const met = all.length === 0;
    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
    console.log(
      `\npainting viewer (${new Date().toISOString()}, load average ${load}), CPU ${CPU_SLOWDOWN}× slower, 清明上河图 (21,120 px wide), pinch then drag, ${ROUNDS} rounds`,
    );
    console.log(
      `  long tasks while moving: ${all.length} (${all.join(", ") || "none"}); longest ${Math.max(0, ...all)} ms; none over 50 ms: ${met ? "met" : "NOT met"}`,
    );
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(
      new URL("painting-pan.json", RESULTS_DIR),
      `${JSON.stringify({ date: new Date().toISOString(), load, cpu: CPU_SLOWDOWN, rounds, met }, null, 2)}\n`,
    );
    console.log("wrote bench/results/painting-pan.json");
  } finally {
    await browser.close();
    await server?.stop();
  }
}

runPaintingPanBench().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
