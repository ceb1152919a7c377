import { loginPath, loginReturnPath } from "@tongjian/domain/viewer";
import type { AppLoadContext } from "react-router";

/** What every store page's loader says about the reader and where they came from. */
export function storePageBasics(context: Pick<AppLoadContext, "viewer">, request: Request) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("returnPath");
  const back = raw ? loginReturnPath(raw) : null;
  return {
    signedIn: context.viewer.kind !== "anonymous",
    loginHref: loginPath(`${url.pathname}${url.search}`),
    /** A path of this site to return to after paying (the article or level the reader was on). */
    returnPath: back && back !== "/" && back.length <= 300 ? back : null,
  };
}
