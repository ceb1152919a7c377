import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Whether an element has come within `marginPx` below the view: sections that load their code
 * and data on demand (短评, 相关人物推荐) wait for it, so an entry's first load stays small.
 * Without IntersectionObserver it is near at once.
 */
export function useNearView<T extends Element>(marginPx: number): [RefObject<T | null>, boolean] {
  const spot = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = spot.current;
    if (!el || typeof IntersectionObserver !== "function") return setNear(true);
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [marginPx]);
  return [spot, near];
}
