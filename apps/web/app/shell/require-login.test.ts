import { ANONYMOUS, type Viewer } from "@tongjian/domain/viewer";
import { describe, expect, it } from "vitest";
import { requirePageReader, requirePageUser } from "./require-login.ts";

const visitor: Viewer = { kind: "visitor", visitorId: "v".repeat(24), sessionId: "s" };

function thrown(fn: () => unknown): Response {
  try {
    fn();
  } catch (error) {
    return error as Response;
  }
  throw new Error("did not redirect");
}

describe("page loaders that need login", () => {
  it("send an anonymous reader to /login and back to the page", () => {
    const request = new Request("http://site.test/my/list?tab=likes");
    const res = thrown(() => requirePageReader({ viewer: ANONYMOUS }, request));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fmy%2Flist%3Ftab%3Dlikes");
  });

  it("ask a WeChat visitor for an account where one is needed, and let them read elsewhere", () => {
    const request = new Request("http://site.test/my.data?_routes=routes%2Fmy");
    const res = thrown(() => requirePageUser({ viewer: visitor }, request));
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fmy&need=user");
    expect(requirePageReader({ viewer: visitor }, new Request("http://site.test/my"))).toBe(
      visitor,
    );
  });
});
