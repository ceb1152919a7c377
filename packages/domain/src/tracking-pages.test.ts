import { describe, expect, it } from "vitest";
import { ROUTE_MANIFEST, routeId } from "./route-manifest.ts";
import { pageViewEventIn } from "./tracking-event.ts";
import {
  pageViewEvent,
  pageViewEventForRouteId,
  TRACKED_PAGES,
  trackedRouteName,
} from "./tracking-pages.ts";

describe("page tracking", () => {
  it("maps the spec's route names to tracked pages with their query parameters", () => {
    expect(pageViewEvent("/board", new URLSearchParams(), "s1")).toEqual({
      sessionID: "s1",
      actionType: "view",
      pageName: "hostList",
      params: {},
    });
    expect(pageViewEvent("/community/detail", new URLSearchParams("id=42"), "s1")?.params).toEqual({
      ID: "42",
    });
    expect(
      pageViewEvent("/group/share", new URLSearchParams("circleId=c&userId=u"), "s")?.params,
    ).toEqual({
      circleId: "c",
      userId: "u",
    });
    expect(pageViewEvent("/music/landing", new URLSearchParams("id=9"), "s")).toMatchObject({
      pageName: "Chinamusic",
      params: { ID: "9" },
    });
    expect(pageViewEvent("/ah/article/:id?", new URLSearchParams(), "s")?.pageName).toBe("article");
  });

  it("tracks a section route showing an article (?id=) as its article form", () => {
    const withId = new URLSearchParams("id=0123456789abcdef01234567");
    expect(trackedRouteName("/ah/war", withId)).toBe("ah-war-id");
    expect(pageViewEvent("/ah/war", withId, "s")?.pageName).toBe("article");
    for (const path of ["/ah/technology", "/ah/bigevent", "/ah/worldhistory"]) {
      expect(pageViewEvent(path, withId, "s")?.pageName, path).toBe("article");
    }
    // The section lists themselves are not in the spec's table.
    expect(pageViewEvent("/ah/war", new URLSearchParams(), "s")).toBeNull();
    expect(trackedRouteName("/ah/article/:id?", withId)).toBe("ah-article-id");
    expect(trackedRouteName("/article/new", withId)).toBe("article-new");
  });

  it("falls back to UN_KNOW without a session and ignores untracked routes", () => {
    expect(pageViewEvent("/timebar", new URLSearchParams(), null)?.sessionID).toBe("UN_KNOW");
    expect(pageViewEvent("/", new URLSearchParams(), "s")).toBeNull();
  });

  it("names only routes that the manifest has (or the article forms of its sections)", () => {
    const ids = new Set(ROUTE_MANIFEST.map((r) => routeId(r.path)));
    const articleForms = ["ah-war-id", "ah-technology-id", "ah-bigevent-id", "ah-worldhistory-id"];
    for (const name of Object.keys(TRACKED_PAGES)) {
      expect(ids.has(name) || articleForms.includes(name), name).toBe(true);
    }
  });

  it("finds the same event by the route id the router matched", () => {
    const search = new URLSearchParams("id=42");
    expect(pageViewEventForRouteId(routeId("/community/detail"), search, "s1")).toEqual(
      pageViewEvent("/community/detail", search, "s1"),
    );
    expect(pageViewEventForRouteId(undefined, search, "s1")).toBeNull();
    expect(pageViewEventForRouteId("constructor", search, "s1")).toBeNull();
  });
});

describe("a route module's own rows", () => {
  it("give the same event as the whole table for the routes they name, and none for others", () => {
    const ids = [...Object.keys(TRACKED_PAGES), "ah-war", "ah-article", "detail-id", "home", "my"];
    for (const id of ids)
      for (const query of ["", "?id=abc", "?ID=1", "?circleId=c&userId=u"]) {
        const search = new URLSearchParams(query);
        const whole = pageViewEventForRouteId(id, search, "s");
        // The rows a module serving this route would declare: its own and its article form.
        const own = Object.fromEntries(
          Object.entries(TRACKED_PAGES).filter(([name]) => name === id || name === `${id}-id`),
        );
        expect(pageViewEventIn(own, id, search, "s"), `${id}${query}`).toEqual(whole);
        expect(pageViewEventIn({}, id, search, "s")).toBeNull();
      }
  });
});
