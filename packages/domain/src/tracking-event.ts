/**
 * Spec §2 page-tracking: building the view event of a visit from a table of tracked pages.
 * Small on purpose: the shell carries it on every page, while each tracked route module brings
 * only its own rows of the table (its `handle.pageViews`, from tracking-pages.ts).
 */

export interface TrackedPage {
  pageName: string;
  /** Query parameter → event parameter name. */
  params: Readonly<Record<string, string>>;
}

/** Tracked pages by the spec's route name (a route id, or a section's article form `…-id`). */
export type TrackedPages = Readonly<Record<string, TrackedPage>>;

export const UNKNOWN_SESSION_ID = "UN_KNOW";

export interface TrackingEvent {
  sessionID: string;
  actionType: string;
  pageName: string;
  modItemName?: string;
  params: Record<string, string>;
}

/**
 * The spec's route name for a visit to the route with this id. Section routes without an `:id`
 * segment (`/ah/war`) show an article when the link carries `?id=`; that visit is the article
 * form, `ah-war-id`, when the table has it.
 */
export function trackedNameIn(pages: TrackedPages, id: string, search: URLSearchParams): string {
  const articleForm = `${id}-id`;
  return search.get("id") && Object.hasOwn(pages, articleForm) ? articleForm : id;
}

/** The page-view event for a visit by the given table, or null when the route is not in it. */
export function pageViewEventIn(
  pages: TrackedPages,
  id: string | undefined,
  search: URLSearchParams,
  sessionId: string | null | undefined,
): TrackingEvent | null {
  if (id === undefined) return null;
  const name = trackedNameIn(pages, id, search);
  const page = Object.hasOwn(pages, name) ? pages[name] : undefined;
  if (!page) return null;
  const params: Record<string, string> = {};
  for (const [query, param] of Object.entries(page.params)) {
    const value = search.get(query);
    if (value) params[param] = value;
  }
  return {
    sessionID: sessionId || UNKNOWN_SESSION_ID,
    actionType: "view",
    pageName: page.pageName,
    params,
  };
}
