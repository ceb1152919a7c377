import type { SeriesPoint } from "@tongjian/contracts/study-records";
import { LazyChart } from "../../shell/lazy-chart.tsx";
import type { ChartKind } from "./study-charts.client.ts";

/**
 * One chart of the study records; the table under the charts carries the numbers.
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
  return (
    <LazyChart
      draw={async (box) =>
        (await import("./study-charts.client.ts")).drawStudyChart(box, kind, points, short)
      }
      drawKey={`${kind}:${JSON.stringify(points)}`}
      label={label}
      className="tj-study__chart"
      stateClassName="tj-study__chart-state"
      name="study chart"
    />
  );
}
