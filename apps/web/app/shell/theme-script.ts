import {
  APP_THEME_PATTERN,
  NATIVE_APP_TOKEN_PATTERN,
  type Theme,
} from "@tongjian/domain/theme-choice";

export const THEME_STORAGE_KEY = "tj:theme";

/**
 * `<meta name="theme-color">` of each theme: the browser's bar takes the brand red over the light
 * pages and the dark paper colour (theme.css, --tj-paper of the dark palette) over the dark ones.
 */
export const THEME_COLORS: Readonly<Record<Theme, string>> = {
  light: "#8c2f1e",
  dark: "#15120f",
};

declare global {
  interface Window {
    /**
     * Called by our app (docs/native-bridge.md "Theme") when its theme changes while the page is
     * open: "light" or "dark" wins over the reader's choice, anything else hands the page back to
     * it. Defined by the head script, so it exists before the page's own code has loaded.
     */
    __tongjianSetTheme?: (theme: unknown) => void;
    /**
     * Applies the theme again after the reader chose: the choice is read from storage, or, where
     * storage is blocked, taken from the argument for as long as the page is open.
     */
    __tongjianApplyTheme?: (choice?: string) => void;
  }
}

/**
 * Runs in the document's head, before the first paint, so a dark page is dark from its first
 * frame. It settles which theme is forced, the app's (its user agent, or a later call of
 * __tongjianSetTheme) before the reader's choice (localStorage), and marks it on <html>:
 * `data-theme="light|dark"`, none to follow prefers-color-scheme, and
 * `data-theme-source="app"` when the app decides (the appearance control then hides itself,
 * shell/theme-switch.css). The theme-color metas follow. It is the one place that resolves the
 * theme: the control only stores the choice and calls __tongjianApplyTheme; another tab's choice
 * arrives by the storage event. Kept in ES5 for the oldest webviews.
 */
export const THEME_SCRIPT = /* @__PURE__ */ themeScript();

function themeScript(): string {
  return `(function(){var d=document.documentElement,K=${JSON.stringify(THEME_STORAGE_KEY)},C=${JSON.stringify(THEME_COLORS)},u=navigator.userAgent,a=${NATIVE_APP_TOKEN_PATTERN}.test(u)&&(${APP_THEME_PATTERN}.exec(u)||[])[1]||null,m=null;function r(){var v=m;try{v=localStorage.getItem(K)||m}catch(e){}return v==="light"||v==="dark"?v:null}function s(){var t=a||r(),q=document.querySelectorAll('meta[name="theme-color"]'),i;if(t)d.setAttribute("data-theme",t);else d.removeAttribute("data-theme");if(a)d.setAttribute("data-theme-source","app");else d.removeAttribute("data-theme-source");for(i=0;i<q.length;i++)q[i].setAttribute("content",C[t||(/dark/.test(q[i].getAttribute("media")||"")?"dark":"light")])}window.__tongjianSetTheme=function(t){a=t==="light"||t==="dark"?t:null;s()};window.__tongjianApplyTheme=function(c){if(c!==undefined)m=c;s()};window.addEventListener("storage",function(e){if(e.key===K)s()});s()})()`;
}
