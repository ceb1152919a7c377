/**
 * The data page's chart: works (bars) and likes (line) per day with ECharts on a canvas. Loaded
 * by `import()` from /wenshireward/data alone.
 */
import type { WorksData } from "@tongjian/contracts/campaign-works";
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

/** Colours come from the theme's tokens, so the dark theme draws with its own. */
function tokens(el: HTMLElement) {
  const style = getComputedStyle(el);
  const v = (name: string) => style.getPropertyValue(name).trim();
  return { red: v("--tj-red"), ink: v("--tj-ink-2"), line: v("--tj-line"), ink3: v("--tj-ink-3") };
}

export function drawWorksChart(el: HTMLElement, perDay: WorksData["perDay"]) {
  const chart = echarts.init(el, undefined, { renderer: "canvas" });
  const c = tokens(el);
  const axis = { axisLine: { lineStyle: { color: c.line } }, axisLabel: { color: c.ink3 } };
  chart.setOption({
    animation: false,
    grid: { left: 36, right: 36, top: 32, bottom: 28 },
    legend: { top: 0, textStyle: { color: c.ink } },
    tooltip: { trigger: "axis" },
    xAxis: {
      type: "category",
      data: perDay.map((d) => d.day.slice(5).replace("-", "/")),
      ...axis,
    },
    yAxis: [
      { type: "value", minInterval: 1, ...axis, splitLine: { lineStyle: { color: c.line } } },
      { type: "value", minInterval: 1, ...axis, splitLine: { show: false } },
    ],
    series: [
      {
        name: "投稿",
        type: "bar",
        data: perDay.map((d) => d.works),
        itemStyle: { color: c.ink3 },
      },
      {
        name: "点赞",
        type: "line",
        yAxisIndex: 1,
        data: perDay.map((d) => d.likes),
        itemStyle: { color: c.red },
        lineStyle: { color: c.red },
      },
    ],
  });
  return chart;
}
