import type { WorksData } from "@tongjian/contracts/campaign-works";
import { LazyChart } from "../../shell/lazy-chart.tsx";

/** Submissions and likes per day; the table beside it carries the numbers. */
export function WorksChartView({ perDay }: { perDay: WorksData["perDay"] }) {
  return (
    <LazyChart
      draw={async (box) => (await import("./works-chart.client.ts")).drawWorksChart(box, perDay)}
      drawKey={JSON.stringify(perDay)}
      label="每日通过审核的投稿数与点赞数"
      className="tj-works__chart"
      stateClassName="tj-works__meta"
      testId="works-chart"
      name="works chart"
    />
  );
}
