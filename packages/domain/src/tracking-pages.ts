import { routeId } from "./route-id.ts";
import {
  pageViewEventIn,
  type TrackedPage,
  type TrackedPages,
  type TrackingEvent,
  trackedNameIn,
} from "./tracking-event.ts";

export type { TrackedPage, TrackedPages, TrackingEvent } from "./tracking-event.ts";
export { UNKNOWN_SESSION_ID } from "./tracking-event.ts";

/*
 * Spec §2 "Page-tracking names": route name → tracked page name and the query parameters it
 * carries. Route names are the route ids of the manifest (`/ah/article/:id?` → `ah-article-id`);
 * the spec's `ah-war-id` and friends are the article forms of those sections.
 *
 * Each page is its own export: a tracked route module declares the rows it serves as
 * `export const handle = { pageViews: { timebar: VIEW_PHILOSOPHY_H5 } }`, so the browser loads
 * only those rows with the page and no page carries the whole table (the shell reads the leaf
 * route's handle). The browser suite `shell-rules` visits every route of TRACKED_PAGES and checks
 * the event each one posts.
 */
export const VIEW_HOST_LIST: TrackedPage = { pageName: "hostList", params: {} };
export const VIEW_POST_PAGE: TrackedPage = { pageName: "postPage", params: { id: "ID" } };
export const VIEW_ARTICLE: TrackedPage = { pageName: "article", params: {} };
export const VIEW_CIRCLE_PAGE: TrackedPage = {
  pageName: "circlePage",
  params: { circleId: "circleId", userId: "userId" },
};
export const VIEW_PHILOSOPHY_H5: TrackedPage = { pageName: "PhilosophyH5", params: {} };
export const VIEW_DRAW: TrackedPage = { pageName: "draw", params: {} };
export const VIEW_GREETING_CHOICE: TrackedPage = { pageName: "greetingChoice", params: {} };
export const VIEW_INVITE_SHARE: TrackedPage = { pageName: "inviteShare", params: {} };
export const VIEW_INVITE_ACTIVITY: TrackedPage = { pageName: "inviteActivity", params: {} };
export const VIEW_FRIENDS_PAGE: TrackedPage = { pageName: "friendsPage", params: {} };
export const VIEW_ANSWER: TrackedPage = { pageName: "Answer", params: {} };
export const VIEW_FRIEND_LIST: TrackedPage = { pageName: "FriendList", params: {} };
export const VIEW_CHINA_MUSIC: TrackedPage = { pageName: "Chinamusic", params: { id: "ID" } };
export const VIEW_CHINA_MUSIC_TOP: TrackedPage = { pageName: "Chinamusictop", params: {} };

/** The sections whose `?id=` visits are tracked as an article. */
export const ARTICLE_VIEWS: TrackedPages = {
  "ah-article-id": VIEW_ARTICLE,
  "ah-war-id": VIEW_ARTICLE,
  "ah-technology-id": VIEW_ARTICLE,
  "ah-bigevent-id": VIEW_ARTICLE,
  "ah-worldhistory-id": VIEW_ARTICLE,
};

export const TRACKED_PAGES: TrackedPages = {
  board: VIEW_HOST_LIST,
  "community-detail": VIEW_POST_PAGE,
  ...ARTICLE_VIEWS,
  "group-share": VIEW_CIRCLE_PAGE,
  timebar: VIEW_PHILOSOPHY_H5,
  divination: VIEW_DRAW,
  greetingcard: VIEW_GREETING_CHOICE,
  "springfestival-share": VIEW_INVITE_SHARE,
  springfestival: VIEW_INVITE_ACTIVITY,
  "springfestival-friendslist": VIEW_FRIENDS_PAGE,
  "quiz-2021": VIEW_ANSWER,
  "quiz-2021-share": VIEW_FRIEND_LIST,
  "music-landing": VIEW_CHINA_MUSIC,
  "music-boarddetail": VIEW_CHINA_MUSIC_TOP,
};

/** The spec's route name for a visit (see trackedNameIn). */
export function trackedRouteName(routePath: string, search: URLSearchParams): string {
  return trackedNameIn(TRACKED_PAGES, routeId(routePath), search);
}

/** The page-view event for a route, or null when the route is not tracked. */
export function pageViewEvent(
  routePath: string,
  search: URLSearchParams,
  sessionId: string | null | undefined,
): TrackingEvent | null {
  return pageViewEventIn(TRACKED_PAGES, routeId(routePath), search, sessionId);
}

/** The same, for a route known by its id (the leaf of React Router's matches). */
export function pageViewEventForRouteId(
  id: string | undefined,
  search: URLSearchParams,
  sessionId: string | null | undefined,
): TrackingEvent | null {
  return pageViewEventIn(TRACKED_PAGES, id, search, sessionId);
}
