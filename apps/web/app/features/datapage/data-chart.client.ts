/**
 * The data pages' bar charts: only ECharts' bar series, its grid, tooltip and legend, and the
 * canvas renderer. Loaded by `import()` from the data pages alone (as the relation map loads
 * its graph), so no other page carries ECharts.
 */
import type { DataChart } from "@tongjian/contracts/datapage";
import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface DrawnChart {
  resize(): void;
  dispose(): void;
}

/** The theme's colours where the chart is drawn (theme.css), so the dark palette applies. */
function palette(el: HTMLElement) {
  const style = getComputedStyle(el);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    ink: token("--tj-ink-2", "#5b524c"),
    line: token("--tj-line", "#ece5db"),
    series: [token("--tj-red", "#8c2f1e"), token("--tj-kind-event", "#35507e")],
    font: style.fontFamily || "sans-serif",
  };
}

export function drawChart(
  el: HTMLElement,
  chart: DataChart,
  options: { reducedMotion: boolean; onCategory?: (index: number) => void },
): DrawnChart {
  const colours = palette(el);
  const instance = echarts.init(el, null, { renderer: "canvas" });
  const rows = chart.layout === "rows";
  const categoryAxis = {
    type: "category" as const,
    data: chart.categories,
    inverse: rows,
    axisLabel: { color: colours.ink, fontFamily: colours.font, interval: 0, fontSize: 11 },
    axisLine: { lineStyle: { color: colours.line } },
    axisTick: { show: false },
  };
  const valueAxis = {
    type: "value" as const,
    name: chart.unit,
    nameTextStyle: { color: colours.ink },
    axisLabel: { color: colours.ink, fontSize: 11 },
    splitLine: { lineStyle: { color: colours.line } },
  };
  instance.setOption({
    animation: !options.reducedMotion,
    color: colours.series,
    textStyle: { fontFamily: colours.font },
    grid: {
      left: 8,
      right: 24,
      top: chart.series.length > 1 ? 36 : 24,
      bottom: 8,
      containLabel: true,
    },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" }, confine: true },
    ...(chart.series.length > 1 ? { legend: { top: 0, textStyle: { color: colours.ink } } } : {}),
    xAxis: rows
      ? valueAxis
      : { ...categoryAxis, axisLabel: { ...categoryAxis.axisLabel, rotate: 45 } },
    yAxis: rows ? categoryAxis : valueAxis,
    series: chart.series.map((s) => ({
      type: "bar",
      name: s.name,
      data: s.values,
      stack: chart.series.length > 1 ? "all" : undefined,
      barMaxWidth: 18,
    })),
  });
  if (options.onCategory) {
    const onCategory = options.onCategory;
    instance.on("click", (params) => {
      if (typeof params.dataIndex === "number") onCategory(params.dataIndex);
    });
  }
  return {
    resize: () => instance.resize(),
    dispose: () => instance.dispose(),
  };
}
