import type { AppEnv } from "@tongjian/domain/app-env";
import { shellRules } from "@tongjian/domain/shell-rules";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import { AppLinks } from "./app-link.tsx";
import { BottomBar } from "./bottom-bar.tsx";
import { LoadingBar } from "./loading-bar.tsx";
import { MusicPlayerHost } from "./music-player-host.tsx";
import { PageTransition } from "./page-transition.tsx";
import { PlatformProvider } from "./platform.tsx";
import { ShellPopupsProvider, useShellPopups } from "./shell-popups.tsx";
import { TopBar } from "./top-bar.tsx";
import "./app-shell.css";

// What a signed-in reader sees beside the page (reminders, the agreement question), loaded after
// hydration and only for them.
const SignedInExtras = lazy(() => import("./signed-in-extras.tsx"));

const DETAIL_LINK = /^\/detail\/([0-9a-f]{24})\/?$/;
const FAMILY_SUB_INDEX = /\/family\/subIndex/;

/**
 * Spec §4 "Detail pop-up": outside our app's webview, an in-text link to /detail/{id} opens the
 * entry summary instead of leaving the page; family sub-index links open the download prompt.
 */
function useInTextLinks(env: AppEnv) {
  const { openDetail, showDownload } = useShellPopups();
  useEffect(() => {
    if (env.isNativeApp) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!anchor || !anchor.closest(".tj-rich-text")) return;
      const url = new URL((anchor as HTMLAnchorElement).href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const id = DETAIL_LINK.exec(url.pathname)?.[1];
      if (id) {
        event.preventDefault();
        openDetail(id);
      } else if (FAMILY_SUB_INDEX.test(url.pathname)) {
        event.preventDefault();
        showDownload({ option: true, url: url.pathname + url.search });
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [env.isNativeApp, openDetail, showDownload]);
}

function ShellFrame({ env, children }: { env: AppEnv; children: ReactNode }) {
  const { pathname } = useLocation();
  const rules = shellRules(pathname);
  const signedInKind = useRouteLoaderData<typeof rootLoader>("root")?.signedIn.kind;
  const signedIn = signedInKind === "user";
  const askAgreements = useRouteLoaderData<typeof rootLoader>("root")?.askAgreements === true;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useInTextLinks(env);
  if (rules.layout === "black") {
    return (
      <div className="tj-app tj-app--black" data-layout="black">
        {children}
      </div>
    );
  }
  return (
    <div
      className={`tj-app tj-app--${rules.theme}`}
      data-layout="default"
      data-env={env.environment}
    >
      <LoadingBar />
      <TopBar rules={rules} env={env} />
      {hydrated && (signedIn || askAgreements) && (
        <Suspense fallback={null}>
          <SignedInExtras
            env={env}
            pathname={pathname}
            signedIn={signedIn}
            askAgreements={askAgreements}
          />
        </Suspense>
      )}
      <PageTransition>{children}</PageTransition>
      {rules.bottomBar && !env.isNativeApp && <BottomBar theme={rules.theme} />}
    </div>
  );
}

export function AppShell({ env, children }: { env: AppEnv; children: ReactNode }) {
  const { pathname } = useLocation();
  const wechat = useRouteLoaderData<typeof rootLoader>("root")?.wechat;
  return (
    <PlatformProvider env={env} wechat={wechat}>
      <ShellPopupsProvider enabled={shellRules(pathname).layout !== "black"}>
        <ShellFrame env={env}>{children}</ShellFrame>
        <AppLinks />
        {/* Outside the page frame: the music keeps playing as pages change (issue 19). */}
        <MusicPlayerHost />
      </ShellPopupsProvider>
    </PlatformProvider>
  );
}
