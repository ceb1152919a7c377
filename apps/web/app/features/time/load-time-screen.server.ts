import type { TimeBar } from "@tongjian/contracts/graph-time";
import { isEntityId } from "@tongjian/domain/entity-id";
import { clampYear, parseYearInput } from "@tongjian/domain/time-columns";
import type { AppLoadContext } from "react-router";
import type { TimeScreenData } from "./time-screen.tsx";

/** Every kind of bar, and at most this many people (the best known): the whole corpus today. */
const PEOPLE_LIMIT = 2000;
/** Room on the axis before the first bar and after the last, in years. */
const MARGIN_YEARS = 10;

/** `?year=` as the address gives it: an integer year (BCE negative), else none. */
export function yearParam(url: URL): number | null {
  const raw = url.searchParams.get("year");
  return raw === null ? null : parseYearInput(raw);
}

/** `?focus=`: an entry id, else none. */
export function focusParam(url: URL): string | null {
  const raw = url.searchParams.get("focus");
  return isEntityId(raw) ? raw : null;
}

/**
 * The bars of /timeColumn and /timebar. The axis runs from the first bar to the last; each bar
 * keeps only what the screen reads.
 */
export async function loadTimeScreen(context: AppLoadContext, url: URL) {
  const data = await context.services.timeColumns.columns({
    kinds: ["regime", "event", "person"],
    limit: PEOPLE_LIMIT,
  });
  const trim = (b: TimeBar): TimeBar => ({ ...b, regimeId: null });
  const all = [...data.eras, ...data.bars];
  const first = Math.min(...all.map((b) => b.start));
  const last = Math.max(...all.map((b) => b.end));
  const year = yearParam(url);
  const focus = focusParam(url);
  const screen: TimeScreenData = {
    from: clampYear(first - MARGIN_YEARS),
    to: clampYear(last + MARGIN_YEARS),
    eras: data.eras.map(trim),
    bars: data.bars.map(trim),
    lanes: data.lanes,
    peopleTotal: data.peopleTotal,
    peopleShown: data.peopleShown,
  };
  return {
    screen,
    year,
    // A focus that is no bar of the picture (an entry without years) is left out.
    focus: focus && all.some((b) => b.id === focus) ? focus : null,
  };
}
