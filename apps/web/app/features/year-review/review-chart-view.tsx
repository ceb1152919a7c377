import { useEffect, useRef, useState } from "react";
import type { ReviewChart } from "./review-charts.client.ts";

/**
 * One chart of the year: ECharts comes in by `import()` once the page is in the browser. The
 * canvas is one picture to assistive technology, named by `label`; the card's text carries the
 * same numbers.
 */
export function ReviewChartView({ chart, label }: { chart: ReviewChart; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(chart);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart's JSON (key) and 重试 (attempt) draw it again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let dispose: (() => void) | null = null;
    let resize: (() => void) | null = null;
    setState("loading");
    import("./review-charts.client.ts")
      .then(({ drawReviewChart }) => {
        if (cancelled) return;
        const instance = drawReviewChart(el, chart);
        dispose = () => instance.dispose();
        resize = () => instance.resize();
        window.addEventListener("resize", resize);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("review chart", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      dispose?.();
    };
  }, [key, attempt]);
  return (
    <div data-state={state} data-testid="review-chart">
      <div ref={box} className="tj-review__chart" role="img" aria-label={label} />
      {state === "loading" && <p className="tj-review__chart-state">图表加载中…</p>}
      {state === "error" && (
        <p className="tj-review__chart-state" role="alert">
          图表加载失败{" "}
          <button type="button" className="tj-link-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </p>
      )}
    </div>
  );
}

/** "2027-03" → "3月". */
export const shortMonth = (month: string) => `${Number(month.slice(5))}月`;

export function monthsChart(months: { month: string; minutes: number }[]): ReviewChart {
  return {
    kind: "months",
    name: "学习分钟",
    points: months.map((m) => ({ label: shortMonth(m.month), value: m.minutes })),
  };
}

export function readsChart(months: { month: string; reads: number }[]): ReviewChart {
  return {
    kind: "months",
    name: "新读篇数",
    points: months.map((m) => ({ label: shortMonth(m.month), value: m.reads })),
  };
}
