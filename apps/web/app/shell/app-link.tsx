import type { AnchorHTMLAttributes, ReactNode } from "react";
import { createElement, useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { shouldPrefetchLinks } from "./link-prefetch.ts";

/**
 * Links to pages of the app. A link is a plain anchor carrying its path; one listener on the
 * document (`useAppLinks`, installed once by the shell) turns a plain left click on it into a
 * client-side navigation, and a touch, focus or hover into a prefetch of the page's code and
 * data. React Router's `<Link>` does the same from a dozen hooks in every link, which made the
 * links the most expensive part of rendering a page with long lists (an entry's relations,
 * the home feed). See docs/decisions/0007-server-render-cost.md.
 *
 * `to` is an absolute path in the app ("/detail/…"); anything else (an http(s) URL, a banner's
 * external link) is written as an ordinary anchor and left to the browser.
 */
export const APP_LINK_ATTR = "data-app-link";
const PREFETCH_ATTR = "data-prefetch";
const HOVER_PREFETCH_DELAY_MS = 100;

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** Prefetch the page when the reader shows intent (touch, focus, hover). */
  prefetch?: boolean;
  children?: ReactNode;
};

export function AppLink(props: AppLinkProps) {
  // The anchor's attributes are copied in one loop: V8 copies an object made by rest
  // destructuring (`{ to, ...rest }`) into a literal with more keys (`{ ...rest, href }`) on a
  // slow path, about 4 µs a link, which made links the costliest part of rendering a page with
  // long lists; this loop takes about 0.1 µs.
  const attributes: Record<string, unknown> = {};
  for (const key in props) {
    if (key !== "to" && key !== "prefetch") attributes[key] = props[key as keyof AppLinkProps];
  }
  attributes.href = props.to;
  if (isAppPath(props.to)) {
    attributes[APP_LINK_ATTR] = "";
    attributes["data-discover"] = "true";
    if (props.prefetch) attributes[PREFETCH_ATTR] = "intent";
  }
  return createElement("a", attributes);
}

/** A path of this app: starts with one slash (not "//host", which leaves the site). */
export function isAppPath(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//");
}

interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Where a click on an anchor should take the router, or null to leave it to the browser: the
 * same rules as React Router's links (left button, no modifier keys, no other target, no
 * download, same origin).
 */
export function appLinkDestination(
  event: ClickLike,
  anchor: { getAttribute(name: string): string | null; hasAttribute(name: string): boolean },
  current: { origin: string; href: string },
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if (!anchor.hasAttribute(APP_LINK_ATTR) || anchor.hasAttribute("download")) return null;
  const target = anchor.getAttribute("target");
  if (target && target !== "_self") return null;
  const href = anchor.getAttribute("href");
  if (!href || !isAppPath(href)) return null;
  const url = new URL(href, current.href);
  if (url.origin !== current.origin) return null;
  return url.pathname + url.search + url.hash;
}

function closestAppLink(target: EventTarget | null): HTMLAnchorElement | null {
  const element = target instanceof Element ? target : null;
  return element?.closest<HTMLAnchorElement>(`a[${APP_LINK_ATTR}]`) ?? null;
}

/** The page to prefetch for an intent event on a link, or null. */
function prefetchPath(target: EventTarget | null): string | null {
  const anchor = closestAppLink(target);
  if (!anchor?.hasAttribute(PREFETCH_ATTR)) return null;
  const href = anchor.getAttribute("href");
  return href && isAppPath(href) ? href : null;
}

/**
 * Installs the document's link handling and renders the prefetch links for the page the reader
 * is about to open. Rendered once, by the shell.
 */
export function AppLinks() {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = closestAppLink(event.target);
      if (!anchor) return;
      const to = appLinkDestination(event, anchor, window.location);
      if (to === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As React Router's links: opening the page one is on replaces it in the history.
      void navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);

  useEffect(() => {
    const connection = (
      navigator as Navigator & { connection?: Parameters<typeof shouldPrefetchLinks>[0] }
    ).connection;
    if (!shouldPrefetchLinks(connection)) return;
    let hoverTimer: ReturnType<typeof setTimeout> | undefined;
    const now = (event: Event) => {
      const path = prefetchPath(event.target);
      if (path) setIntent(path);
    };
    const hover = (event: Event) => {
      clearTimeout(hoverTimer);
      const path = prefetchPath(event.target);
      if (path) hoverTimer = setTimeout(() => setIntent(path), HOVER_PREFETCH_DELAY_MS);
    };
    const leave = () => clearTimeout(hoverTimer);
    document.addEventListener("touchstart", now, { passive: true });
    document.addEventListener("focusin", now);
    document.addEventListener("mouseover", hover);
    document.addEventListener("mouseout", leave);
    return () => {
      clearTimeout(hoverTimer);
      document.removeEventListener("touchstart", now);
      document.removeEventListener("focusin", now);
      document.removeEventListener("mouseover", hover);
      document.removeEventListener("mouseout", leave);
    };
  }, []);

  return intent ? <PrefetchPageLinks page={intent} /> : null;
}
