import { routeId } from "./route-id.ts";

/**
 * Spec §2 "Page-tracking names": route name → tracked page name and the query parameters it
 * carries. Route names are the route ids of the manifest (`/ah/article/:id?` → `ah-article-id`);
 * the spec's `ah-war-id` and friends are the article forms of those sections.
 */
export interface TrackedPage {
  pageName: string;
  /** Query parameter → event parameter name. */
  params: Record<string, string>;
}

export const TRACKED_PAGES: Readonly<Record<string, TrackedPage>> = {
  board: { pageName: "hostList", params: {} },
  "community-detail": { pageName: "postPage", params: { id: "ID" } },
  "ah-article-id": { pageName: "article", params: {} },
  "ah-war-id": { pageName: "article", params: {} },
  "ah-technology-id": { pageName: "article", params: {} },
  "ah-bigevent-id": { pageName: "article", params: {} },
  "ah-worldhistory-id": { pageName: "article", params: {} },
  "group-share": { pageName: "circlePage", params: { circleId: "circleId", userId: "userId" } },
  timebar: { pageName: "PhilosophyH5", params: {} },
  divination: { pageName: "draw", params: {} },
  greetingcard: { pageName: "greetingChoice", params: {} },
  "springfestival-share": { pageName: "inviteShare", params: {} },
  springfestival: { pageName: "inviteActivity", params: {} },
  "springfestival-friendslist": { pageName: "friendsPage", params: {} },
  "quiz-2021": { pageName: "Answer", params: {} },
  "quiz-2021-share": { pageName: "FriendList", params: {} },
  "music-landing": { pageName: "Chinamusic", params: { id: "ID" } },
  "music-boarddetail": { pageName: "Chinamusictop", params: {} },
};

export const UNKNOWN_SESSION_ID = "UN_KNOW";

export interface TrackingEvent {
  sessionID: string;
  actionType: string;
  pageName: string;
  modItemName?: string;
  params: Record<string, string>;
}

/**
 * The spec's route name for a visit. Section routes without an `:id` segment (`/ah/war`) show an
 * article when the link carries `?id=`; that visit is the article form, `ah-war-id`.
 */
export function trackedRouteName(routePath: string, search: URLSearchParams): string {
  return trackedNameForRouteId(routeId(routePath), search);
}

/** The page-view event for a route, or null when the route is not tracked. */
export function pageViewEvent(
  routePath: string,
  search: URLSearchParams,
  sessionId: string | null | undefined,
): TrackingEvent | null {
  return pageViewEventForRouteId(routeId(routePath), search, sessionId);
}

/** The spec's route name for a visit to the route with this id (see trackedRouteName). */
function trackedNameForRouteId(id: string, search: URLSearchParams): string {
  const articleForm = `${id}-id`;
  return search.get("id") && Object.hasOwn(TRACKED_PAGES, articleForm) ? articleForm : id;
}

/** The same, for a route known by its id (the leaf of React Router's matches). */
export function pageViewEventForRouteId(
  id: string | undefined,
  search: URLSearchParams,
  sessionId: string | null | undefined,
): TrackingEvent | null {
  const name = id === undefined ? undefined : trackedNameForRouteId(id, search);
  const page =
    name !== undefined && Object.hasOwn(TRACKED_PAGES, name) ? TRACKED_PAGES[name] : undefined;
  if (!page) return null;
  const params: Record<string, string> = {};
  for (const [query, name] of Object.entries(page.params)) {
    const value = search.get(query);
    if (value) params[name] = value;
  }
  return {
    sessionID: sessionId || UNKNOWN_SESSION_ID,
    actionType: "view",
    pageName: page.pageName,
    params,
  };
}
