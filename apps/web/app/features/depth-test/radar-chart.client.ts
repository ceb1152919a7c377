/**
 * The report's radar: mastery by era and by theme, two radars in one ECharts canvas. Only the
 * radar series and the canvas renderer are taken from ECharts, and this module is loaded by
 * `import()` from the report pages alone, so no other page carries it.
 */
import type { ReportAxis } from "@tongjian/contracts/depth-test";
import { RadarChart } from "echarts/charts";
import { RadarComponent, TitleComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([RadarChart, RadarComponent, TitleComponent, CanvasRenderer]);

export interface ReportRadar {
  resize(): void;
  dispose(): void;
}

/** At least three spokes make a shape: fewer axes are drawn with blank spokes beside them. */
function spokes(axes: readonly ReportAxis[]) {
  const list = axes.map((a) => ({ name: a.label, max: 100, value: a.mastery }));
  while (list.length < 3) list.push({ name: "", max: 100, value: 0 });
  return list;
}

export function createReportRadar(
  el: HTMLElement,
  eras: readonly ReportAxis[],
  themes: readonly ReportAxis[],
): ReportRadar {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const ink = v("--tj-ink", "#2b2118");
  const muted = v("--tj-ink-3", "#8a7d70");
  const line = v("--tj-line", "rgba(0,0,0,0.12)");
  const red = v("--tj-red", "#b3261e");
  const chart = echarts.init(el, undefined, { renderer: "canvas" });
  const era = spokes(eras);
  const theme = spokes(themes);
  const radar = (center: [string, string], list: typeof era) => ({
    center,
    radius: "55%",
    indicator: list.map((s) => ({ name: s.name, max: s.max })),
    axisName: { color: ink, fontSize: 12 },
    splitLine: { lineStyle: { color: line } },
    splitArea: { show: false },
    axisLine: { lineStyle: { color: line } },
  });
  chart.setOption({
    animation: !window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    title: [
      { text: "时代", left: 0, top: 0, textStyle: { color: ink, fontSize: 14 } },
      { text: "主题", left: 0, top: "50%", textStyle: { color: ink, fontSize: 14 } },
    ],
    radar: [radar(["50%", "26%"], era), radar(["50%", "76%"], theme)],
    series: [
      {
        type: "radar",
        radarIndex: 0,
        symbolSize: 4,
        lineStyle: { color: red },
        itemStyle: { color: red },
        areaStyle: { color: red, opacity: 0.25 },
        data: [{ name: "时代", value: era.map((s) => s.value) }],
      },
      {
        type: "radar",
        radarIndex: 1,
        symbolSize: 4,
        lineStyle: { color: muted },
        itemStyle: { color: muted },
        areaStyle: { color: muted, opacity: 0.25 },
        data: [{ name: "主题", value: theme.map((s) => s.value) }],
      },
    ],
  });
  return { resize: () => chart.resize(), dispose: () => chart.dispose() };
}
