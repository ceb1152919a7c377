import { LazyChart } from "../../shell/lazy-chart.tsx";
import type { ReviewChart } from "./review-charts.client.ts";

/** One chart of the year; the card's text carries the same numbers. */
export function ReviewChartView({ chart, label }: { chart: ReviewChart; label: string }) {
  return (
    <LazyChart
      draw={async (box) => (await import("./review-charts.client.ts")).drawReviewChart(box, chart)}
      drawKey={JSON.stringify(chart)}
      label={label}
      className="tj-review__chart"
      stateClassName="tj-review__chart-state"
      testId="review-chart"
      name="review chart"
    />
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
