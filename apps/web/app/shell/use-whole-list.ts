import { useCallback, useRef, useState } from "react";
import type { MoreState } from "./use-more-pages.ts";

/**
 * A list the page shipped only in part (a preview and its size): the whole of it is fetched
 * once, the first time a reader asks for it. A fetch that fails leaves the preview as it was
 * and can be asked for again. `request` resolves to the whole list, or null after a failure.
 */
export function useWholeList<T>(load: () => Promise<T>) {
  const [whole, setWhole] = useState<T | null>(null);
  const [state, setState] = useState<MoreState>("idle");
  const pending = useRef<Promise<T | null> | null>(null);
  const request = useCallback(() => {
    if (!pending.current) {
      setState("loading");
      pending.current = load().then(
        (value) => {
          setWhole(value);
          setState("idle");
          return value;
        },
        () => {
          pending.current = null;
          setState("error");
          return null;
        },
      );
    }
    return pending.current;
  }, [load]);
  return { whole, state, request };
}
