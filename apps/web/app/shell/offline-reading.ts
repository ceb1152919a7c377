import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The page's side of offline reading (decision 16): registers the service worker once the page
 * has loaded and the browser is idle, and tells it which page the reader is looking at after
 * every navigation, so that a page opened by client-side navigation is saved too. Kept small
 * (it is in every page's first load); the worker itself is /sw.js (apps/web/sw).
 */
export const SERVICE_WORKER_URL = "/sw.js";

type IdleWindow = Pick<Window, "addEventListener" | "setTimeout"> & {
  document: Pick<Document, "readyState">;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** Runs `start` after the load event, when the browser is next idle (or 2 s at the latest). */
export function afterLoadWhenIdle(win: IdleWindow, start: () => void) {
  const idle = () =>
    win.requestIdleCallback
      ? win.requestIdleCallback(start, { timeout: 2000 })
      : win.setTimeout(start, 1);
  if (win.document.readyState === "complete") idle();
  else win.addEventListener("load", idle, { once: true });
}

/** Tells the controlling worker, if any, the page now shown. */
export function reportPageShown(
  container: ServiceWorkerContainer | undefined,
  url: string,
  title: string,
) {
  container?.controller?.postMessage({ type: "page-shown", url, title });
}

/**
 * Registers the worker. On a reader's first visit it takes control once installed; the page
 * the reader opened on is reported then, so it is saved as well.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer,
  currentPage: () => string,
  title: () => string,
) {
  container.addEventListener("controllerchange", () =>
    reportPageShown(container, currentPage(), title()),
  );
  container.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error: unknown) => {
    console.warn("离线阅读未启用：service worker 注册失败", error);
  });
}

export function useOfflineReading() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Browsers without workers (and iOS webviews without app-bound domains) skip it.
    if (!navigator.serviceWorker) return;
    const container = navigator.serviceWorker;
    if (!import.meta.env.PROD) {
      // Development has no /sw.js (Vite serves the modules). A worker left on this origin by a
      // production run would still answer these pages from its caches: it is removed.
      void container
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((r) => r.unregister())));
      return;
    }
    afterLoadWhenIdle(window, () =>
      registerServiceWorker(
        container,
        () => window.location.pathname + window.location.search,
        () => document.title,
      ),
    );
  }, []);
  useEffect(() => {
    reportPageShown(navigator.serviceWorker, pathname + search, document.title);
  }, [pathname, search]);
}
