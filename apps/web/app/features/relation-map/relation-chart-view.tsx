import { useCallback, useEffect, useRef, useState } from "react";
import type { MapModel } from "./graph-model.ts";
import type { RelationChart } from "./relation-chart-proxy.client.ts";

type ChartState = "loading" | "ready" | "error";

/**
 * The drawn map: it comes in by `import()` once the page is in the browser, so the first view
 * (title, centre, list) never waits for it; ECharts itself runs in a worker where the browser
 * allows (relation-chart-proxy.client.ts). The canvas is one picture to assistive
 * technology, named by `label`; the list view beside it carries the content.
 */
export function RelationChartView({
  model,
  label,
  onNode,
  onEdge,
}: {
  model: MapModel;
  label: string;
  onNode: (id: string) => void;
  onEdge: (id: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<RelationChart | null>(null);
  const [state, setState] = useState<ChartState>("loading");
  const [attempt, setAttempt] = useState(0);
  // The latest handlers, read by the chart's listeners (set once at creation).
  const handlers = useRef({ onNode, onEdge });
  handlers.current = { onNode, onEdge };
  const modelRef = useRef(model);
  modelRef.current = model;

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) loads the chart again
  useEffect(() => {
    let cancelled = false;
    const el = box.current;
    if (!el) return;
    setState("loading");
    import("./relation-chart-proxy.client.ts")
      .then(({ loadRelationChart }) => {
        if (cancelled) return;
        const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        return loadRelationChart(
          el,
          {
            onNode: (id) => handlers.current.onNode(id),
            onEdge: (id) => handlers.current.onEdge(id),
          },
          { reducedMotion },
        );
      })
      .then((created) => {
        if (!created) return;
        if (cancelled) {
          created.dispose();
          return;
        }
        chart.current = created;
        (el as HTMLDivElement & { relationChart?: RelationChart }).relationChart = created;
        return created.update(modelRef.current).then(() => {
          if (!cancelled) setState("ready");
        });
      })
      .catch((error: unknown) => {
        console.error("relation chart", error);
        if (!cancelled) setState("error");
      });
    const onResize = () => chart.current?.resize();
    window.addEventListener("resize", onResize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    chart.current?.update(model).catch(() => setState("error"));
  }, [model]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div className="tj-relmap__chart-wrap" data-state={state}>
      <div
        ref={box}
        className="tj-relmap__chart"
        role="img"
        aria-label={label}
        data-testid="relation-chart"
      />
      {state === "loading" && (
        <p className="tj-relmap__chart-note" role="status">
          关系图加载中…
        </p>
      )}
      {state === "error" && (
        <div className="tj-relmap__chart-note" role="alert">
          <p>关系图没有加载出来，可以改看列表，或</p>
          <button type="button" className="tj-button" onClick={retry}>
            重试
          </button>
        </div>
      )}
    </div>
  );
}
