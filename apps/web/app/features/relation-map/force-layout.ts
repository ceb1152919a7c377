/**
 * The relation maps' force-directed layout, computed in slices of a few milliseconds so that a
 * phone's main thread is never held long (ECharts' own force layout keeps stepping and redrawing
 * for seconds, and on a few hundred nodes each of its steps is a long task). Fruchterman–Reingold: every pair repels, every edge pulls, a light pull towards the
 * middle keeps loose parts near; the temperature cools so the layout comes to rest.
 */
export interface LayoutInput {
  ids: readonly string[];
  edges: readonly { from: string; to: string }[];
  /** Where some nodes start (kept from the map before), by id. */
  start?: ReadonlyMap<string, [number, number]>;
}

export interface LayoutOptions {
  iterations?: number;
  /** The preferred distance between two linked nodes. */
  spacing?: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

export interface LayoutRun {
  /** Runs up to `budgetMs` of work; true when the layout has come to rest. */
  step(budgetMs: number): boolean;
  positions(): Map<string, [number, number]>;
}

export function createForceLayout(input: LayoutInput, options: LayoutOptions = {}): LayoutRun {
  const n = input.ids.length;
  const iterations = options.iterations ?? 220;
  const k = options.spacing ?? 60;
  const index = new Map(input.ids.map((id, i) => [id, i]));
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  input.ids.forEach((id, i) => {
    const kept = input.start?.get(id);
    // A sunflower spiral: evenly spread, and the same every time for the same input.
    const r = k * Math.sqrt(i + 0.5);
    x[i] = kept ? kept[0] : r * Math.cos(i * GOLDEN_ANGLE);
    y[i] = kept ? kept[1] : r * Math.sin(i * GOLDEN_ANGLE);
  });
  const links: [number, number][] = [];
  for (const e of input.edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a !== undefined && b !== undefined && a !== b) links.push([a, b]);
  }
  const k2 = k * k;
  let temperature = k * Math.sqrt(n);
  const cooling = (k * 0.05) ** (1 / iterations) / temperature ** (1 / iterations);
  let done = 0;

  function iterate() {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i++) {
      const xi = x[i] as number;
      const yi = y[i] as number;
      for (let j = i + 1; j < n; j++) {
        let ex = xi - (x[j] as number);
        let ey = yi - (y[j] as number);
        let d2 = ex * ex + ey * ey;
        if (d2 < 0.01) {
          ex = 0.1 * ((i % 3) - 1 || 1);
          ey = 0.1;
          d2 = 0.02;
        }
        const f = k2 / d2;
        dx[i] = (dx[i] as number) + ex * f;
        dy[i] = (dy[i] as number) + ey * f;
        dx[j] = (dx[j] as number) - ex * f;
        dy[j] = (dy[j] as number) - ey * f;
      }
    }
    for (const [a, b] of links) {
      const ex = (x[a] as number) - (x[b] as number);
      const ey = (y[a] as number) - (y[b] as number);
      const d = Math.sqrt(ex * ex + ey * ey) || 0.1;
      const f = d / k;
      dx[a] = (dx[a] as number) - ex * f;
      dy[a] = (dy[a] as number) - ey * f;
      dx[b] = (dx[b] as number) + ex * f;
      dy[b] = (dy[b] as number) + ey * f;
    }
    for (let i = 0; i < n; i++) {
      // Towards the middle, more for those far out.
      const gx = (dx[i] as number) - (x[i] as number) * 0.02;
      const gy = (dy[i] as number) - (y[i] as number) * 0.02;
      const len = Math.sqrt(gx * gx + gy * gy) || 1;
      const move = Math.min(len, temperature);
      x[i] = (x[i] as number) + (gx / len) * move;
      y[i] = (y[i] as number) + (gy / len) * move;
    }
    temperature *= cooling;
    done++;
  }

  return {
    step(budgetMs) {
      const until = performance.now() + budgetMs;
      while (done < iterations && performance.now() < until) iterate();
      return done >= iterations;
    },
    positions() {
      return new Map(input.ids.map((id, i) => [id, [x[i] as number, y[i] as number]]));
    },
  };
}

/** Runs a layout to rest in slices, yielding to the browser between them. */
export function runInSlices(
  run: LayoutRun,
  sliceMs: number,
  signal: { cancelled: boolean },
): Promise<Map<string, [number, number]> | null> {
  return new Promise((resolve) => {
    const next = () => {
      if (signal.cancelled) return resolve(null);
      if (run.step(sliceMs)) return resolve(run.positions());
      setTimeout(next, 0);
    };
    next();
  });
}
