import { escapeHtml } from "@tongjian/domain/escape-html";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { THEME_COLORS, THEME_SCRIPT } from "../../shell/theme-script.ts";

/** Ids the offline page's script fills in (offline-page-script.ts). */
export const OFFLINE_PAGE_IDS = {
  retry: "tj-offline-retry",
  list: "tj-offline-list",
  empty: "tj-offline-empty",
  home: "tj-offline-home",
  online: "tj-offline-online",
} as const;

/** The list and its lines: the shell's sheets style the rest (tj-state, tj-button …). */
const PAGE_STYLE = `
.tj-offline-page{max-width:var(--tj-column-width);margin:0 auto;padding-bottom:var(--tj-space-7)}
.tj-offline-page .tj-state{padding:48px var(--tj-space-7) var(--tj-space-6)}
.tj-offline-saved{padding:0 var(--tj-gutter)}
.tj-offline-list{list-style:none;margin:0;padding:0;background:var(--tj-card);border-radius:var(--tj-radius);box-shadow:var(--tj-shadow-card)}
.tj-offline-list li+li{border-top:1px solid var(--tj-line)}
.tj-offline-list a{display:block;padding:var(--tj-space-4) var(--tj-space-5)}
.tj-offline-list__title{display:block;font-size:var(--tj-font-reading);line-height:1.4}
.tj-offline-list__meta{display:block;margin-top:2px;color:var(--tj-ink-3);font-size:var(--tj-font-small)}
.tj-offline-page [hidden]{display:none}
`.replace(/\n/g, "");

/**
 * The offline page (issue 15 §5): a static page written at build time and precached by the
 * service worker, which shows it for any page that cannot load without the network. It needs
 * nothing from the server: the shell's style sheets are precached with it, and its script reads
 * the list of saved pages from the service worker's cache. The theme's head script comes first,
 * so the page is in the reader's theme like every other (docs/decisions/0015).
 */
export function renderOfflinePageHtml({
  stylesheets,
  script,
}: {
  stylesheets: string[];
  script: string;
}): string {
  const links = stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  const ids = OFFLINE_PAGE_IDS;
  // A "</script" inside the bundled script would end the element early.
  const inlineScript = script.replace(/<\/(script)/gi, "<\\/$1");
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)">
<meta name="robots" content="noindex">
<title>离线 - ${PRODUCT_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${links}
<style>${PAGE_STYLE}</style>
<script>${THEME_SCRIPT}</script>
</head>
<body>
<div class="tj-offline-page" data-offline-page>
<main class="tj-state">
<span class="tj-state__badge">离线</span>
<h1 class="tj-state__title">网络不可用</h1>
<p class="tj-state__hint">当前离线，这个页面没有保存在本机，联网后点“重试”即可打开。</p>
<p class="tj-state__hint" id="${ids.online}" role="status" hidden>网络已恢复，点“重试”打开页面。</p>
<button type="button" class="tj-button" id="${ids.retry}">重试</button>
<a class="tj-section__link" id="${ids.home}" href="/" hidden>返回首页</a>
</main>
<section class="tj-offline-saved" aria-labelledby="tj-offline-saved-title">
<h2 class="tj-section__title" id="tj-offline-saved-title">可以离线阅读</h2>
<ul class="tj-offline-list" id="${ids.list}"></ul>
<p class="tj-empty" id="${ids.empty}" hidden>还没有保存的文章或词条。联网时打开的最近 50 篇文章和词条会保存在本机，离线时也能阅读。</p>
</section>
</div>
<script>${inlineScript}</script>
</body>
</html>
`;
}
