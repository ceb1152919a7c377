/**
 * The year-in-review charts: the months' study minutes as bars and the kinds of study as a ring.
 * Loaded by `import()` from the 天梯周年 pages alone, so no other page carries ECharts.
 */
import { BarChart, PieChart } from "echarts/charts";
import { GridComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([BarChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

export type ReviewChart =
  | { kind: "months"; name: string; points: { label: string; value: number }[] }
  | { kind: "kinds"; points: { label: string; value: number }[] };

function tokens(el: HTMLElement) {
  const style = getComputedStyle(el);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return { red: v("--tj-red"), ink: v("--tj-ink-2"), line: v("--tj-line"), ink3: v("--tj-ink-3") };
}

export function drawReviewChart(el: HTMLElement, chart: ReviewChart) {
  const instance = echarts.init(el, undefined, { renderer: "canvas" });
  const c = tokens(el);
  if (chart.kind === "months") {
    const axis = { axisLine: { lineStyle: { color: c.line } }, axisLabel: { color: c.ink3 } };
    instance.setOption({
      animation: false,
      grid: { left: 36, right: 8, top: 16, bottom: 24 },
      tooltip: { trigger: "axis" },
      xAxis: { type: "category", data: chart.points.map((p) => p.label), ...axis },
      yAxis: {
        type: "value",
        minInterval: 1,
        ...axis,
        splitLine: { lineStyle: { color: c.line } },
      },
      series: [
        {
          name: chart.name,
          type: "bar",
          data: chart.points.map((p) => p.value),
          itemStyle: { color: c.red },
        },
      ],
    });
  } else {
    const shades = [c.red, c.ink, c.ink3, c.line];
    instance.setOption({
      animation: false,
      tooltip: { trigger: "item" },
      series: [
        {
          name: "学习分钟",
          type: "pie",
          radius: ["40%", "70%"],
          label: { color: c.ink, formatter: "{b}" },
          data: chart.points.map((p, i) => ({
            name: p.label,
            value: p.value,
            itemStyle: { color: shades[i % shades.length] },
          })),
        },
      ],
    });
  }
  return instance;
}
