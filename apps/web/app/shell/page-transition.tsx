import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { PAGE_IN_MS, type PagePhase, pageInDelay } from "./page-phase.ts";
import "./page-transition.css";

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Spec §2: page transitions are out-in. The old page fades out while the next one loads (the
 * router keeps showing it until its data is in); the new page then waits out the rest of that
 * fade and fades in. The swap itself happens when the router commits, so scroll restoration
 * runs as usual; only opacity changes, so nothing moves and fixed elements stay where they are.
 * The first page never animates, and readers who ask for reduced motion get no animation.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving =
    navigation.state !== "idle" &&
    navigation.location !== undefined &&
    navigation.location.pathname !== pathname;
  const [phase, setPhase] = useState<PagePhase>("idle");
  const outStartedAt = useRef<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (leaving) {
      if (prefersReducedMotion()) return;
      window.clearTimeout(timer.current);
      outStartedAt.current = performance.now();
      setPhase("out");
    } else {
      // A navigation that was cancelled or failed leaves the old page where it was.
      setPhase((p) => (p === "out" ? "idle" : p));
    }
  }, [leaving]);

  // The fade-out starts when "out" reaches the page, not when it was asked for: a slow render in
  // between would otherwise shorten the fade the reader sees.
  useLayoutEffect(() => {
    if (phase === "out" && outStartedAt.current !== null) outStartedAt.current = performance.now();
  }, [phase]);

  // Before paint, so that the new page never shows at full opacity in the middle of the fade.
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.clearTimeout(timer.current);
    const started = outStartedAt.current;
    outStartedAt.current = null;
    if (prefersReducedMotion()) {
      setPhase("idle");
      return;
    }
    const enter = () => {
      setPhase("in");
      timer.current = window.setTimeout(() => setPhase("idle"), PAGE_IN_MS);
    };
    const delay = pageInDelay(started, performance.now());
    if (delay > 0) {
      setPhase("wait");
      timer.current = window.setTimeout(enter, delay);
    } else {
      enter();
    }
  }, [pathname]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <div className="tj-page" data-transition={phase}>
      {children}
    </div>
  );
}
