import { randomBytes } from "node:crypto";
import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";

const LI_BAI = contentId("person", "li-bai");
const ARTICLE = contentId("article", "test-article");

describe.each(databaseTargets())("likes on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let readerA: TestBrowser;
  let readerB: TestBrowser;
  let anonymous: TestBrowser;
  /** A signed-in WeChat visitor's browser (a session of a made-up visitor id). */
  async function visitorBrowser(visitorId: string) {
    const browser = testBrowser(t.app);
    const { token } = await t.deps.services.sessions.start(
      { accountId: null, visitorId, kind: "browser", userAgent: null, address: null },
      null,
    );
    browser.jar.set("tj_sid", token);
    return browser;
  }
  beforeAll(async () => {
    t = await createTestApp(target);
    readerA = await visitorBrowser("a".repeat(24));
    readerB = await visitorBrowser("b".repeat(24));
    anonymous = testBrowser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (body: unknown, browser: TestBrowser = anonymous) =>
    browser.post("/api/social/like/send", body);
  const check = (url: string, browser: TestBrowser = anonymous) =>
    browser.get(url).then((r) => r.json());

  it("answers 600 to anonymous readers and counts each reader's like once", async () => {
    const anonymous = await send({ itemId: LI_BAI, type: "entry", action: "like", language: "cn" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 600 });

    expect((await send({ itemId: LI_BAI, action: "like" }, readerA)).json().data).toEqual({
      liked: true,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: 1 }, readerA)).json().data).toEqual({
      liked: true,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: "like" }, readerB)).json().data).toEqual({
      liked: true,
      likeNum: 2,
    });

    // type defaults to entry on the check call.
    expect((await check(`/api/social/like/check/cn/${LI_BAI}`, readerA)).data).toEqual({
      liked: true,
      likeNum: 2,
    });
    expect((await check(`/api/social/like/check/cn/${LI_BAI}/entry`)).data).toEqual({
      liked: false,
      likeNum: 2,
    });

    expect((await send({ itemId: LI_BAI, action: "unlike" }, readerA)).json().data).toEqual({
      liked: false,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: 0 }, readerA)).json().data).toEqual({
      liked: false,
      likeNum: 1,
    });
    const detail = (await check(`/api/item/detail/cn/${LI_BAI}`)).data;
    expect(detail.likeNum).toBe(1);
  });

  it("likes articles too and rejects bad input in Chinese", async () => {
    expect(
      (await send({ itemId: ARTICLE, type: "article", action: "like" }, readerA)).json().data
        .likeNum,
    ).toBe(1);
    const cases: [unknown, number][] = [
      [{ itemId: "x", action: "like" }, 400],
      [{ itemId: LI_BAI, action: "love" }, 400],
      [{ itemId: LI_BAI, type: "poem", action: "like" }, 400],
      [{ itemId: "0".repeat(24), action: "like" }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await send(body, readerA);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      (await t.app.inject({ url: `/api/social/like/check/cn/${LI_BAI}/poem` })).statusCode,
    ).toBe(400);
  });

  it("limits each reader to 60 likes and unlikes a minute; other readers still like", async () => {
    // Visitors no earlier run used: on Redis the counters outlive a run.
    const flooder = await visitorBrowser(randomBytes(12).toString("hex"));
    const other = await visitorBrowser(randomBytes(12).toString("hex"));
    for (let i = 0; i < 60; i++) {
      const res = await send({ itemId: LI_BAI, action: i % 2 === 0 ? "like" : "unlike" }, flooder);
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBe(200);
    }
    const refused = await send({ itemId: ARTICLE, type: "article", action: "like" }, flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: "操作太频繁了，请稍后再试", data: null });
    // The refused like was not counted.
    expect((await check(`/api/social/like/check/cn/${ARTICLE}/article`, flooder)).data.liked).toBe(
      false,
    );

    const liked = await send({ itemId: LI_BAI, action: "like" }, other);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().data.liked).toBe(true);
  });
});
