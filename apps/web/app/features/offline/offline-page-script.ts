import {
  parseReadingIndex,
  READING_CACHE,
  READING_INDEX_KEY,
  type ReadingIndex,
} from "@tongjian/domain/reading-index";
import { OFFLINE_PAGE_IDS } from "./offline-page-html.ts";
import { homeSaved, offlineListItems } from "./offline-page-list.ts";

/**
 * The offline page's script (bundled into the page by tools/build-sw.ts): lists the saved
 * articles and entries from the service worker's cache, and 重试 loads the page the reader
 * asked for again (the offline page is shown at that page's address).
 */
async function readIndex(): Promise<ReadingIndex> {
  try {
    const cache = await caches.open(READING_CACHE);
    const stored = await cache.match(READING_INDEX_KEY);
    return parseReadingIndex(stored ? await stored.json() : null);
  } catch {
    return parseReadingIndex(null);
  }
}

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`offline page: #${id} missing`);
  return element;
}

async function showSavedPages() {
  const index = await readIndex();
  const list = byId(OFFLINE_PAGE_IDS.list);
  const items = offlineListItems(index, Date.now());
  for (const item of items) {
    const link = document.createElement("a");
    link.href = item.href;
    const title = document.createElement("span");
    title.className = "tj-offline-list__title";
    title.textContent = item.title;
    const meta = document.createElement("span");
    meta.className = "tj-offline-list__meta";
    meta.textContent = item.meta;
    link.append(title, meta);
    const line = document.createElement("li");
    line.append(link);
    list.append(line);
  }
  list.hidden = items.length === 0;
  byId(OFFLINE_PAGE_IDS.empty).hidden = items.length > 0;
  byId(OFFLINE_PAGE_IDS.home).hidden = !homeSaved(index);
}

byId(OFFLINE_PAGE_IDS.retry).addEventListener("click", () => window.location.reload());
window.addEventListener("online", () => {
  byId(OFFLINE_PAGE_IDS.online).hidden = false;
});
void showSavedPages();
