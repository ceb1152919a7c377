import type { SeriesPoint } from "@tongjian/contracts/study-records";
import { useEffect, useRef, useState } from "react";
import type { ChartKind } from "./study-charts.client.ts";

/**
 * One chart: ECharts comes in by `import()` once the page is in the browser. The canvas is one
 * picture to assistive technology, named by `label`; the table under the charts carries the numbers.
 */
export function StudyChartView({
  kind,
  points,
  label,
  short,
}: {
  kind: ChartKind;
  points: SeriesPoint[];
  label: string;
  short: (label: string) => string;
}) {
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
    import("./study-charts.client.ts")
      .then(({ drawStudyChart }) => {
        if (cancelled) return;
        const chart = drawStudyChart(el, kind, points, short);
        dispose = () => chart.dispose();
        resize = () => chart.resize();
        window.addEventListener("resize", resize);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("study chart", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      dispose?.();
    };
  }, [kind, points, attempt]);
  return (
    <div data-state={state}>
      <div ref={box} className="tj-study__chart" role="img" aria-label={label} />
      {state === "loading" && <p className="tj-study__chart-state">图表加载中…</p>}
      {state === "error" && (
        <p className="tj-study__chart-state" role="alert">
          图表加载失败{" "}
          <button type="button" className="tj-link-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </p>
      )}
    </div>
  );
}
