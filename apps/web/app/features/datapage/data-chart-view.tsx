import type { DataChart } from "@tongjian/contracts/datapage";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { DrawnChart } from "./data-chart.client.ts";

type ChartState = "loading" | "ready" | "error";

const ROW_PX = 22;

/** How tall a chart is drawn: a row per category when the bars lie down. */
export function chartHeight(chart: DataChart): number {
  return chart.layout === "rows" ? Math.max(160, chart.categories.length * ROW_PX + 56) : 280;
}

/**
 * One chart of a data page. ECharts comes in by `import()` once the page is in the browser; the
 * summary above and the table below carry the same figures for anyone who cannot see it.
 */
export function DataChartView({ chart }: { chart: DataChart }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ChartState>("loading");
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) draws the chart again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let drawn: DrawnChart | null = null;
    setState("loading");
    import("./data-chart.client.ts")
      .then(({ drawChart }) => {
        if (cancelled) return;
        const links = chart.links;
        drawn = drawChart(el, chart, {
          reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
          ...(links
            ? {
                onCategory: (i: number) => {
                  const to = links[i];
                  if (to) void navigateRef.current(to);
                },
              }
            : {}),
        });
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("data chart", error);
        if (!cancelled) setState("error");
      });
    const onResize = () => drawn?.resize();
    window.addEventListener("resize", onResize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", onResize);
      drawn?.dispose();
    };
  }, [chart, attempt]);

  return (
    <div className="tj-chart" style={{ height: chartHeight(chart) }} data-state={state}>
      <div
        ref={box}
        className="tj-chart__box"
        role="img"
        aria-label={`${chart.title}：${chart.summary}`}
        data-testid="data-chart"
      />
      {state === "loading" && (
        <p className="tj-chart__note" role="status">
          图表加载中…
        </p>
      )}
      {state === "error" && (
        <div className="tj-chart__note" role="alert">
          <p>图表没有加载出来，下面的数据表里有同样的数字。</p>
          <button type="button" className="tj-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      )}
    </div>
  );
}

/** The chart's figures as a table (the text alternative of the picture). */
export function DataTable({ chart, open }: { chart: DataChart; open?: boolean }) {
  return (
    <details className="tj-datatable" open={open}>
      <summary>查看数据表</summary>
      <table>
        <caption className="tj-visually-hidden">{chart.title}</caption>
        <thead>
          <tr>
            <th scope="col">名称</th>
            {chart.series.map((s) => (
              <th scope="col" className="tj-datatable__num" key={s.name}>
                {s.name}（{chart.unit}）
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.categories.map((c, i) => (
            <tr key={c}>
              <th scope="row">{c}</th>
              {chart.series.map((s) => (
                <td className="tj-datatable__num" key={s.name}>
                  {s.values[i] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
