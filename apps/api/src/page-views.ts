import { articleRouteFor } from "@tongjian/domain/article-sections";
import { isEntityId } from "@tongjian/domain/entity-id";

/** React Router's client navigation asks for a page's data at its path with `.data` added. */
const DATA_REQUEST = /\.data$/;
const POST_PAGE = "/community/detail";
const ENTRY_PAGE = /^\/(?:detail|minidetail)\/([0-9a-f]{24})$/;

/**
 * The article or entry whose view a page counts, read from its URL the way its loader reads it
 * (apps/web/app/routes/article.tsx, detail.tsx, minidetail.tsx): the loader counts the view
 * when it asks for the detail, so a page served without running its loader (from the page
 * cache) must count it here. Its HTML and its `.data` form count alike.
 */
export function viewedContent(
  url: string,
): { kind: "article" | "entry" | "post"; id: string } | null {
  const query = url.indexOf("?");
  const path = (query === -1 ? url : url.slice(0, query)).replace(DATA_REQUEST, "");
  // A community post (routes/community-detail.tsx).
  if (path === POST_PAGE) {
    const id = new URLSearchParams(query === -1 ? "" : url.slice(query)).get("id");
    return isEntityId(id) ? { kind: "post", id } : null;
  }
  const entry = ENTRY_PAGE.exec(path)?.[1];
  if (entry) return { kind: "entry", id: entry };
  const route = articleRouteFor(path);
  if (!route) return null;
  const id = route.id ?? new URLSearchParams(query === -1 ? "" : url.slice(query)).get("id");
  return isEntityId(id) ? { kind: "article", id } : null;
}
