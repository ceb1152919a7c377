/**
 * The relation map's colours, read from the theme's tokens where the chart is shown. They are
 * plain strings, so the page's thread reads them and hands them to whichever thread draws.
 */
export interface Palette {
  ink: string;
  muted: string;
  line: string;
  paper: string;
  onKind: string;
  center: string;
  kinds: Record<string, string>;
}

export function paletteOf(el: HTMLElement): Palette {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const other = v("--tj-relmap-other", "#5b524c");
  return {
    ink: v("--tj-ink", "#ede6dc"),
    muted: v("--tj-ink-3", "#b8aea3"),
    line: v("--tj-relmap-edge", "rgba(237,230,220,0.35)"),
    paper: v("--tj-paper", "#15120f"),
    onKind: v("--tj-relmap-on-kind", "#fff"),
    center: v("--tj-red", "#c2553f"),
    kinds: {
      person: v("--tj-relmap-person", other),
      regime: v("--tj-relmap-regime", other),
      event: v("--tj-relmap-event", other),
      place: v("--tj-relmap-place", other),
      work: v("--tj-relmap-work", other),
      poem: v("--tj-relmap-work", other),
      classic: v("--tj-relmap-work", other),
      other,
    },
  };
}

export function samePalette(a: Palette, b: Palette): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Calls `changed` with the palette whenever the theme may have changed it: the reader's or the
 * app's choice (`data-theme` on <html>, set by the head script) or the system's scheme. Returns
 * the function that stops watching.
 */
export function watchPalette(el: HTMLElement, changed: (palette: Palette) => void): () => void {
  let palette = paletteOf(el);
  const check = () => {
    const next = paletteOf(el);
    if (samePalette(next, palette)) return;
    palette = next;
    changed(next);
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-theme", "class"],
  });
  const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
  scheme?.addEventListener?.("change", check);
  return () => {
    observer.disconnect();
    scheme?.removeEventListener?.("change", check);
  };
}
