import { useEffect, useRef, useState } from "react";

/** What a chart module's draw function gives back. */
export interface DrawnChart {
  dispose(): void;
  resize(): void;
}

/**
 * One ECharts chart drawn once the page is in the browser: `draw` imports the page's chart module
 * (so no other page carries ECharts) and draws into the box. The canvas is one picture to
 * assistive technology, named by `label`; the page's text or table carries the numbers. A failed
 * load says so, with 重试. `drawKey` changes when the data does, which draws it again.
 */
export function LazyChart({
  draw,
  drawKey,
  label,
  className,
  stateClassName,
  testId,
  name,
}: {
  draw: (box: HTMLDivElement) => Promise<DrawnChart>;
  drawKey: string;
  label: string;
  className: string;
  stateClassName: string;
  testId?: string;
  /** For the console when it fails. */
  name: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [attempt, setAttempt] = useState(0);
  const drawRef = useRef(draw);
  drawRef.current = draw;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data (drawKey) and 重试 (attempt) draw it again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let chart: DrawnChart | null = null;
    const resize = () => chart?.resize();
    setState("loading");
    drawRef
      .current(el)
      .then((drawn) => {
        if (cancelled) {
          drawn.dispose();
          return;
        }
        chart = drawn;
        window.addEventListener("resize", resize);
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error(name, error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      window.removeEventListener("resize", resize);
      chart?.dispose();
    };
  }, [drawKey, attempt]);
  return (
    <div data-state={state} data-testid={testId}>
      <div ref={box} className={className} role="img" aria-label={label} />
      {state === "loading" && <p className={stateClassName}>图表加载中…</p>}
      {state === "error" && (
        <p className={stateClassName} role="alert">
          图表加载失败{" "}
          <button type="button" className="tj-link-button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </p>
      )}
    </div>
  );
}
