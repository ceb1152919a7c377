/**
 * The study charts: ECharts' bar and line series on a canvas. Loaded by `import()` from
 * /studyrecord/charts alone, so no other page carries ECharts.
 */
import type { SeriesPoint } from "@tongjian/contracts/study-records";
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartKind = "time" | "questions";

/** Colours come from the theme's tokens, so the dark theme draws with its own. */
function tokens(el: HTMLElement) {
  const style = getComputedStyle(el);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return { red: v("--tj-red"), ink: v("--tj-ink-2"), line: v("--tj-line"), ink3: v("--tj-ink-3") };
}

export function drawStudyChart(
  el: HTMLElement,
  kind: ChartKind,
  points: SeriesPoint[],
  short: (label: string) => string,
) {
  const chart = echarts.init(el, undefined, { renderer: "canvas" });
  const c = tokens(el);
  const labels = points.map((p) => short(p.label));
  const axis = { axisLine: { lineStyle: { color: c.line } }, axisLabel: { color: c.ink3 } };
  const series =
    kind === "time"
      ? [
          {
            name: "学习时长（分钟）",
            type: "bar" as const,
            data: points.map((p) => Math.round(p.seconds / 60)),
            itemStyle: { color: c.red },
          },
        ]
      : [
          {
            name: "答题数",
            type: "bar" as const,
            data: points.map((p) => p.answered),
            itemStyle: { color: c.ink3 },
          },
          {
            name: "正确率（%）",
            type: "line" as const,
            yAxisIndex: 1,
            data: points.map((p) =>
              p.answered ? Math.round((100 * p.correct) / p.answered) : null,
            ),
            itemStyle: { color: c.red },
            lineStyle: { color: c.red },
            connectNulls: true,
          },
        ];
  chart.setOption({
    animation: false,
    grid: { left: 36, right: kind === "time" ? 12 : 36, top: 32, bottom: 28 },
    legend: { top: 0, textStyle: { color: c.ink } },
    tooltip: { trigger: "axis" },
    xAxis: { type: "category", data: labels, ...axis },
    yAxis:
      kind === "time"
        ? [{ type: "value", minInterval: 1, ...axis, splitLine: { lineStyle: { color: c.line } } }]
        : [
            { type: "value", minInterval: 1, ...axis, splitLine: { lineStyle: { color: c.line } } },
            { type: "value", min: 0, max: 100, ...axis, splitLine: { show: false } },
          ],
    series,
  });
  return chart;
}
