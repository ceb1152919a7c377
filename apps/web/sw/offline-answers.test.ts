import { describe, expect, it } from "vitest";
import type { RouteManifestEntry } from "./build-info.ts";
import { reloadDocumentAnswer, routeManifestAnswer } from "./offline-answers.ts";

const at = (path: string) => new URL(path, "https://tongjian.example");

describe("offline answers in React Router's terms", () => {
  it("turns a data request into a document load of its page", () => {
    const answer = reloadDocumentAnswer(
      at("/ah/war.data?id=0123456789abcdef01234567&_routes=ah-war"),
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.get("X-Remix-Redirect")).toBe("/ah/war?id=0123456789abcdef01234567");
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(reloadDocumentAnswer(at("/_root.data")).headers.get("X-Remix-Redirect")).toBe("/");
  });

  it("answers route discovery with every route of this build, or a reload for another build", async () => {
    const routes: Record<string, RouteManifestEntry> = {
      root: { id: "root", path: "", module: "/assets/root-a.js" },
      "detail-id": {
        id: "detail-id",
        parentId: "root",
        path: "/detail/:id",
        module: "/assets/d.js",
      },
    };
    const same = routeManifestAnswer(
      at("/__manifest?paths=%2Fdetail%2Fx&version=1f60"),
      "1f60",
      routes,
    );
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(routes);
    const other = routeManifestAnswer(
      at("/__manifest?paths=%2Fdetail%2Fx&version=0ld"),
      "1f60",
      routes,
    );
    expect(other.status).toBe(204);
    expect(other.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});
