import type { ReportAxis } from "@tongjian/contracts/depth-test";
import { useEffect, useRef, useState } from "react";
import type { ReportRadar } from "./radar-chart.client.ts";

/**
 * The radar of a report: ECharts comes in by `import()` once the page is in the browser. The
 * canvas is one picture to assistive technology; the table beside it carries the figures.
 */
export function RadarView({ eras, themes }: { eras: ReportAxis[]; themes: ReportAxis[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) draws it again
  useEffect(() => {
    let cancelled = false;
    let chart: ReportRadar | null = null;
    const el = box.current;
    if (!el) return;
    setState("loading");
    import("./radar-chart.client.ts")
      .then(({ createReportRadar }) => {
        if (cancelled) return;
        chart = createReportRadar(el, eras, themes);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("report radar", error);
        if (!cancelled) setState("error");
      });
    const onResize = () => chart?.resize();
    window.addEventListener("resize", onResize);
    return () => {
      cancelled = true;
      window.removeEventListener("resize", onResize);
      chart?.dispose();
    };
  }, [eras, themes, attempt]);

  return (
    <div className="tj-report__radar-wrap" data-state={state}>
      <div
        ref={box}
        className="tj-report__radar"
        role="img"
        aria-label="各时代（上）与各主题（下）掌握度雷达图"
      />
      {state === "loading" && <p className="tj-report__radar-note">雷达图加载中…</p>}
      {state === "error" && (
        <p className="tj-report__radar-note" role="alert">
          雷达图加载失败{" "}
          <button type="button" className="tj-link-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </p>
      )}
    </div>
  );
}
