import { type RefObject, useEffect } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

/**
 * The next element a D-pad arrow moves focus to: down and right go forward in reading order,
 * up and left go back; null at either end (the browser then scrolls as usual).
 */
export function dpadTarget<T>(items: readonly T[], current: T, key: string): T | null {
  const at = items.indexOf(current);
  if (at < 0) return null;
  const step =
    key === "ArrowDown" || key === "ArrowRight"
      ? 1
      : key === "ArrowUp" || key === "ArrowLeft"
        ? -1
        : 0;
  if (step === 0) return null;
  return items[at + step] ?? null;
}

/**
 * Moves focus between the links and buttons inside `ref` with the arrow keys, as a TV remote's
 * D-pad does; form fields keep their own arrow keys.
 */
export function useDpadFocus(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || !root.contains(active)) return;
      if (active.matches("input, select, textarea")) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      const next = dpadTarget(items, active, event.key);
      if (!next) return;
      event.preventDefault();
      next.focus();
      next.scrollIntoView({ block: "nearest" });
    };
    root.addEventListener("keydown", onKey);
    return () => root.removeEventListener("keydown", onKey);
  }, [ref]);
}
