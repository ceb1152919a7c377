/**
 * What the pop-up layers (popup-layers.tsx, toast-sheet-layer.tsx, confirm-layer.tsx) share:
 * antd-mobile set up for the site, and useLastShown. It loads with the first pop-up, never
 * before, in one chunk with the antd-mobile code the layers have in common.
 *
 * - Reduced motion: antd-mobile animates with react-spring, which CSS media queries cannot reach.
 *   With `prefers-reduced-motion: reduce` its springs jump to their end (antd's reduceMotion),
 *   so pop-ups appear and leave at once; the setting is followed while the page is open.
 * - Its global sheet is not loaded (it restyles body, html and every link; theme.css sets the
 *   --adm-* variables instead); popup-layer-base.css has the one rule of it the pop-ups need.
 * - Imperative APIs (Toast.show, Dialog.alert …) are not used: the layers are declarative, so
 *   they keep React context (the OpenAppButton reads the platform and the route) and their
 *   roles. Whoever adds one must first give antd-mobile a createRoot renderer with
 *   `unstableSetRender`, in the module that uses it (docs/decisions/0014-antd-mobile-pop-ups-on-demand.md).
 */
import { reduceMotion, restoreMotion } from "antd-mobile/es/utils/reduce-and-restore-motion";
import { useEffect, useRef, useState } from "react";
import "./popup-layer-base.css";

if (typeof window !== "undefined" && typeof window.matchMedia === "function") {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const follow = () => (reducedMotion.matches ? reduceMotion() : restoreMotion());
  follow();
  reducedMotion.addEventListener?.("change", follow);
}

/**
 * The value while its pop-up is shown, and the last shown value while the pop-up animates out:
 * closing clears the provider's state at once, and the leaving pop-up keeps its text.
 */
export function useLastShown<T>(value: T | null, shown: boolean): T | null {
  const last = useRef<T | null>(null);
  if (shown && value) last.current = value;
  return shown ? value : last.current;
}

/**
 * False on a layer's first render, true from the next: a layer is loaded because a pop-up opens,
 * so it mounts already open, and antd's springs start at their end; opening it one frame later
 * lets the pop-up animate in the first time as every time after.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
