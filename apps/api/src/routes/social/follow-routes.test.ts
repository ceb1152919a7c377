import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { testReaders } from "../../test-readers.ts";

const FOCUS = "/api/m/social/v1/y/focus";
const profileOf = (userId: string) => `/api/m/social/v1/n/user/${userId}`;

describe.each(databaseTargets())("follows on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const readers = testReaders(() => t);
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("follows and unfollows, with counts on both sides and the caller's mark", async () => {
    const a = await readers.account("读史甲");
    const b = await readers.account("读史乙");
    const c = await readers.account("读史丙");

    const follow = await a.browser.post(FOCUS, { userId: b.userId, action: "follow" });
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json().data).toEqual({
      userId: b.userId,
      following: true,
      followerNum: 1,
      followingNum: 0,
    });
    // Following again changes nothing; 1 means follow too.
    expect((await a.browser.post(FOCUS, { userId: b.userId, action: 1 })).json().data).toEqual({
      userId: b.userId,
      following: true,
      followerNum: 1,
      followingNum: 0,
    });
    await c.browser.post(FOCUS, { userId: b.userId });
    await b.browser.post(FOCUS, { userId: a.userId, action: "follow" });

    const seenByA = (await a.browser.get(profileOf(b.userId))).json().data;
    expect(seenByA).toEqual({
      userId: b.userId,
      name: "读史乙",
      avatar: null,
      followerNum: 2,
      followingNum: 1,
      following: true,
      isSelf: false,
    });
    const anonymous = await testBrowser(t.app).get(profileOf(b.userId));
    expect(anonymous.json().data).toMatchObject({ following: false, isSelf: false });
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
    expect((await b.browser.get(profileOf(b.userId))).json().data.isSelf).toBe(true);

    // B's followers, newest first, with whether A (the caller) follows each.
    const followers = (await a.browser.get(`${profileOf(b.userId)}/followers`)).json().data;
    expect(followers).toMatchObject({ page: 1, total: 2, hasMore: false });
    expect(followers.list.map((r: { name: string }) => r.name)).toEqual(["读史丙", "读史甲"]);
    expect(followers.list.map((r: { following: boolean }) => r.following)).toEqual([false, false]);
    const paged = (await a.browser.get(`${profileOf(b.userId)}/followers?page=2&size=1`)).json()
      .data;
    expect(paged).toMatchObject({ page: 2, size: 1, total: 2, hasMore: false });
    expect(paged.list[0].name).toBe("读史甲");
    const following = (await a.browser.get(`${profileOf(a.userId)}/following`)).json().data;
    expect(following.list).toEqual([
      expect.objectContaining({ userId: b.userId, name: "读史乙", following: true }),
    ]);

    // Without an action the call switches: A stops following B.
    const off = (await a.browser.post(FOCUS, { userId: b.userId })).json().data;
    expect(off).toEqual({ userId: b.userId, following: false, followerNum: 1, followingNum: 1 });
    expect(
      (await a.browser.post(FOCUS, { userId: b.userId, action: "unfollow" })).json().data,
    ).toMatchObject({ following: false, followerNum: 1 });
    expect((await a.browser.get(`${profileOf(a.userId)}/following`)).json().data.total).toBe(0);
  });

  it("needs an account, and refuses following oneself, unknown readers and bad input", async () => {
    const a = await readers.account("读史丁");
    const b = await readers.account("读史戊");

    const anonymous = await testBrowser(t.app).post(FOCUS, { userId: b.userId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 600 });
    // A WeChat visitor is signed in but has no profile to show on the other side: bind first.
    const visitor = await readers.visitor("微信读者");
    const byVisitor = await visitor.browser.post(FOCUS, { userId: b.userId });
    expect(byVisitor.statusCode).toBe(401);
    expect(byVisitor.json()).toEqual({
      code: 600,
      message: "绑定手机号后才能关注其他读者",
      data: null,
    });

    const self = await a.browser.post(FOCUS, { userId: a.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("不能关注自己");
    const unknown = await a.browser.post(FOCUS, { userId: "f".repeat(24) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("这位读者不存在");
    for (const [body, message] of [
      [{}, "缺少 userId"],
      [{ userId: "abc" }, "userId 应为 24 位十六进制字符"],
      [{ userId: b.userId, action: "maybe" }, "action 只能是 follow、unfollow、1 或 0"],
    ] as const) {
      const res = await a.browser.post(FOCUS, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // The CSRF protection of every state-changing call applies.
    const forged = await a.browser.rawPost(FOCUS, { userId: b.userId });
    expect(forged.statusCode).toBe(403);

    expect((await a.browser.get(profileOf("f".repeat(24)))).statusCode).toBe(404);
    expect((await a.browser.get(profileOf("nope"))).statusCode).toBe(400);
    const big = await a.browser.get(`${profileOf(b.userId)}/followers?size=51`);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain("每页至多 50 条");
    expect((await a.browser.get(`${profileOf(b.userId)}/following?page=0`)).statusCode).toBe(400);
  });

  it("limits how often one account follows and unfollows", async () => {
    const a = await readers.account("读史己");
    const b = await readers.account("读史庚");
    let last = 0;
    for (let i = 0; i < 121; i++) {
      const res = await a.browser.post(FOCUS, { userId: b.userId });
      last = res.statusCode;
      if (last !== 200) break;
    }
    expect(last).toBe(429);
    const res = await a.browser.post(FOCUS, { userId: b.userId });
    expect(res.json()).toEqual({ code: 429, message: "关注操作过于频繁，请稍后再试", data: null });
  });
});
