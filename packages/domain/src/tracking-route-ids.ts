/**
 * The route ids that have a tracked page name (the keys of TRACKED_PAGES in tracking-pages.ts,
 * which a test keeps equal). The shell asks this small list first and loads the table of names
 * only on a tracked page, so the first load of every other page carries none of it.
 */
export const TRACKED_ROUTE_IDS: ReadonlySet<string> = new Set([
  "board",
  "community-detail",
  "ah-article-id",
  "ah-war-id",
  "ah-technology-id",
  "ah-bigevent-id",
  "ah-worldhistory-id",
  "group-share",
  "timebar",
  "divination",
  "greetingcard",
  "springfestival-share",
  "springfestival",
  "springfestival-friendslist",
  "quiz-2021",
  "quiz-2021-share",
  "music-landing",
  "music-boarddetail",
]);

/** Whether a visit to the route with this id (and these query parameters) is tracked. */
export function isTrackedVisit(id: string | undefined, search: URLSearchParams): boolean {
  if (id === undefined) return false;
  return TRACKED_ROUTE_IDS.has(id) || (search.has("id") && TRACKED_ROUTE_IDS.has(`${id}-id`));
}
