import type { WorksData } from "@tongjian/contracts/campaign-works";
import { useEffect, useRef, useState } from "react";

/**
 * Submissions and likes per day, drawn by ECharts once the page is in the browser (loaded by
 * `import()`, so no other page carries it). The canvas is one picture to assistive technology;
 * the table beside it carries the numbers.
 */
export function WorksChartView({ perDay }: { perDay: WorksData["perDay"] }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) draws the chart again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let dispose: (() => void) | null = null;
    let resize: (() => void) | null = null;
    setState("loading");
    import("./works-chart.client.ts")
      .then(({ drawWorksChart }) => {
        if (cancelled) return;
        const chart = drawWorksChart(el, perDay);
        dispose = () => chart.dispose();
        resize = () => chart.resize();
        window.addEventListener("resize", resize);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("works chart", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      dispose?.();
    };
  }, [perDay, attempt]);
  return (
    <div data-state={state} data-testid="works-chart">
      <div
        ref={box}
        className="tj-works__chart"
        role="img"
        aria-label="每日通过审核的投稿数与点赞数"
      />
      {state === "loading" ? <p className="tj-works__meta">图表加载中…</p> : null}
      {state === "error" ? (
        <p className="tj-works__meta" role="alert">
          图表加载失败{" "}
          <button type="button" className="tj-link-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </p>
      ) : null}
    </div>
  );
}
