import { contentId } from "@tongjian/content/load-content";
import { createSession, SESSION_COOKIE } from "@tongjian/services/accounts/visitor-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const LI_BAI = contentId("person", "li-bai");
const ARTICLE = contentId("article", "test-article");

describe.each(databaseTargets())("likes on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookieA = "";
  let cookieB = "";
  beforeAll(async () => {
    t = await createTestApp(target);
    cookieA = `${SESSION_COOKIE}=${await createSession(t.deps.store, "visitor-a")}`;
    cookieB = `${SESSION_COOKIE}=${await createSession(t.deps.store, "visitor-b")}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (body: unknown, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/social/like/send",
      headers: cookie ? { cookie } : {},
      payload: body as Record<string, unknown>,
    });
  const check = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} }).then((r) => r.json());

  it("answers 600 to anonymous readers and counts each reader's like once", async () => {
    const anonymous = await send({ itemId: LI_BAI, type: "entry", action: "like", language: "cn" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 600 });

    expect((await send({ itemId: LI_BAI, action: "like" }, cookieA)).json().data).toEqual({
      liked: true,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: 1 }, cookieA)).json().data).toEqual({
      liked: true,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: "like" }, cookieB)).json().data).toEqual({
      liked: true,
      likeNum: 2,
    });

    // type defaults to entry on the check call.
    expect((await check(`/api/social/like/check/cn/${LI_BAI}`, cookieA)).data).toEqual({
      liked: true,
      likeNum: 2,
    });
    expect((await check(`/api/social/like/check/cn/${LI_BAI}/entry`)).data).toEqual({
      liked: false,
      likeNum: 2,
    });

    expect((await send({ itemId: LI_BAI, action: "unlike" }, cookieA)).json().data).toEqual({
      liked: false,
      likeNum: 1,
    });
    expect((await send({ itemId: LI_BAI, action: 0 }, cookieA)).json().data).toEqual({
      liked: false,
      likeNum: 1,
    });
    const detail = (await check(`/api/item/detail/cn/${LI_BAI}`)).data;
    expect(detail.likeNum).toBe(1);
  });

  it("likes articles too and rejects bad input in Chinese", async () => {
    expect(
      (await send({ itemId: ARTICLE, type: "article", action: "like" }, cookieA)).json().data
        .likeNum,
    ).toBe(1);
    const cases: [unknown, number][] = [
      [{ itemId: "x", action: "like" }, 400],
      [{ itemId: LI_BAI, action: "love" }, 400],
      [{ itemId: LI_BAI, type: "poem", action: "like" }, 400],
      [{ itemId: "0".repeat(24), action: "like" }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await send(body, cookieA);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      (await t.app.inject({ url: `/api/social/like/check/cn/${LI_BAI}/poem` })).statusCode,
    ).toBe(400);
  });
});
