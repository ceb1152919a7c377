import { loadContent } from "@tongjian/content/load-content";
import { composeBundleTerritories } from "@tongjian/content/territories/seed-territories";

/**
 * Composes the real content's territories into the shape cache once, before the API suites:
 * a cold cache costs tens of seconds, which would otherwise fall on the first suite that seeds
 * `content/` and count against its hook's time limit. Later seeds read the cache.
 */
export default function setup() {
  composeBundleTerritories(loadContent("content"));
}
