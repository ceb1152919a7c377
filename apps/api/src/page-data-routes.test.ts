import { contentId } from "@tongjian/content/load-content";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { collectPageDataRoutes } from "./page-data-routes.ts";
import { createTestApp } from "./test-app.ts";

const LI_BAI = contentId("person", "li-bai");
const TANG = contentId("regime", "tang");
const CHANG_AN = contentId("place", "chang-an");
const ARTICLE = contentId("article", "test-article");
const NOBODY = "0123456789abcdef01234567";

// Every path a page loader reads, and the bad forms of each: the in-process answer must be the
// one HTTP gives, status and body, errors included.
const PATHS = [
  "/api/m/homepage/v1/n/getBanner/cn",
  "/api/m/homepage/v1/n/getBanner/en",
  "/api/m/homepage/v2/n/getFeed/cn/1/50",
  "/api/m/homepage/v2/n/getFeed/cn/2/1",
  "/api/m/homepage/v2/n/getFeed/cn/0/50",
  "/api/m/homepage/v2/n/getFeed/cn/abc/5",
  "/api/m/homepage/v2/n/getFeed/cn/1/101",
  "/api/m/homeservice/top/n/list?page=1&size=10",
  "/api/m/homeservice/top/n/list",
  "/api/m/homeservice/top/n/list?page=x",
  "/api/m/homeservice/top/n/list?size=51",
  `/api/item/detail/cn/${LI_BAI}`,
  `/api/item/detail/cn/${TANG}`,
  `/api/item/detail/cn/${NOBODY}`,
  "/api/item/detail/cn/not-an-id",
  `/api/item/detail/en/${LI_BAI}`,
  `/api/item/intro/cn/${LI_BAI}`,
  `/api/item/relation/cn/${LI_BAI}`,
  `/api/item/relation/cn/${NOBODY}`,
  `/api/item/timeline/cn/${LI_BAI}`,
  `/api/item/timeline/cn/${CHANG_AN}`,
  `/api/item/articles/cn/${LI_BAI}`,
  `/api/item/works/cn/${LI_BAI}/1/20`,
  `/api/item/works/cn/${LI_BAI}/1/999`,
  `/api/m/article/v1/n/detail/cn/${ARTICLE}`,
  `/api/m/article/v1/n/detail/cn/${NOBODY}`,
  "/api/m/article/v1/n/list/cn/all/1/20",
  "/api/m/article/v1/n/list/cn/war/1/20",
  "/api/m/article/v1/n/list/cn/nowhere/1/20",
  `/api/recommend/get/relation/cn/${ARTICLE}/10`,
  `/api/recommend/get/relation/cn/${ARTICLE}/99`,
  `/api/search/cn?q=${encodeURIComponent("李白")}&type=entry&page=1&size=20`,
  `/api/search/cn?q=${encodeURIComponent("长安")}&type=article&page=1&size=10`,
  `/api/search/cn?q=${encodeURIComponent("秦始皇")}&type=verse&page=1&size=10`,
  "/api/search/cn?q=libai",
  "/api/search/cn?q=%22%29%20OR%20*&type=entry",
  "/api/search/cn?q=a&type=poems",
  `/api/search/cn?q=${"史".repeat(10_000)}`,
  "/api/m/media/sample-audio/list",
];

/** View counts go up with every detail read, so two reads differ there and nowhere else. */
function withoutViewCount(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("data" in body)) return body;
  const data = body.data;
  if (typeof data !== "object" || data === null || !("viewNumShow" in data)) return body;
  return { ...body, data: { ...data, viewNumShow: "(counted)" } };
}

describe.each(databaseTargets())("page-data routes in process on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const caller = () => ({ id: "test-page", log: t.app.log, headers: {} });
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases = PATHS.map((path) => [path.length > 100 ? `${path.slice(0, 60)}…` : path, path]);
  it.each(cases)("answers %s as HTTP does", async (_label, path) => {
    const http = await t.app.inject({ method: "GET", url: path });
    const direct = await t.app.pageData.get(path, caller());
    expect(direct).not.toBeNull();
    expect(direct?.status).toBe(http.statusCode);
    // The in-process reply is handed over as it is: it must be what JSON carries.
    expect(JSON.parse(JSON.stringify(direct?.body))).toEqual(direct?.body);
    expect(withoutViewCount(direct?.body)).toEqual(withoutViewCount(http.json()));
  });

  it("counts a view for an entry read in process, as over HTTP", async () => {
    const before = await t.app.inject({ url: `/api/item/detail/cn/${TANG}` });
    const direct = await t.app.pageData.get(`/api/item/detail/cn/${TANG}`, caller());
    const count = (body: unknown) =>
      Number((body as { data: { viewNumShow: string } }).data.viewNumShow);
    expect(count(direct?.body)).toBe(count(before.json()) + 1);
  });

  it("leaves other paths to HTTP", () => {
    expect(t.app.pageData.get(`/api/social/like/check/cn/${LI_BAI}/entry`, caller())).toBeNull();
    expect(t.app.pageData.get("/api/no/such/route", caller())).toBeNull();
    expect(t.app.pageData.get("/healthz", caller())).toBeNull();
  });
});

describe("page-data route rules", () => {
  it("refuses a page-data route that is not a GET", async () => {
    const app = Fastify();
    collectPageDataRoutes(app, { maxParamLength: 100 });
    expect(() =>
      app.post("/api/x", { config: { pageData: true } }, async () => ({ code: 200 })),
    ).toThrow(/只能是 GET/);
    await app.close();
  });

  it("answers a handler that reaches for reply with a logged 500, not a crash", async () => {
    const app = Fastify();
    collectPageDataRoutes(app, { maxParamLength: 100 });
    app.get("/api/x", { config: { pageData: true } }, async (_request, reply) =>
      reply.status(201).send({ code: 201 }),
    );
    await app.ready();
    const errors: unknown[] = [];
    const log = { ...app.log, error: (obj: unknown) => errors.push(obj) };
    const answer = await app.pageData.get("/api/x", {
      id: "r1",
      log: log as typeof app.log,
      headers: {},
    });
    expect(answer?.status).toBe(500);
    expect(answer?.body).toMatchObject({
      code: 500,
      data: null,
      message: expect.stringContaining("r1"),
    });
    expect(errors).toHaveLength(1);
    await app.close();
  });
});
