import { chinaDay } from "@tongjian/domain/china-time";
import { addDays } from "@tongjian/domain/study-records";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import type { TestBrowser } from "../../test-browser.ts";
import { signedInReader } from "../test-readers.ts";

const DAY = 86_400_000;

describe.each(databaseTargets())(
  "spring festival invitation and year in review on $name",
  (target) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    const db = () => t.deps.handle.db;
    let articleIds: string[] = [];

    beforeAll(async () => {
      t = await createTestApp(target, { SMS_PROVIDER: "simulator" }, { contentDir: "content" });
      articleIds = (
        await db().selectFrom("article").select("id").orderBy("key").limit(6).execute()
      ).map((a) => a.id);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Reads an article through the API, as the article page does (recorded in the history). */
    const read = (browser: TestBrowser, i = 0) =>
      browser.get(`/api/m/article/v1/n/detail/cn/${articleIds[i % articleIds.length]}`);

    it("shows the running edition with the spec's springFestivalData, its customs and readings", async () => {
      const anonymous = (await t.app.inject({ url: "/api/m/springfestival" })).json().data;
      expect(anonymous.data).toMatchObject({
        hasLogin: false,
        activityStatus: 1,
        friendsNum: 0,
        validFriendsNum: 0,
        browerType: "browser",
        activityId: "springfestival",
        userId: null,
      });
      expect(anonymous.campaign.phaseLabel).toBe("进行中");
      expect(anonymous.festival.customs.length).toBeGreaterThan(5);
      expect(anonymous.festival.customs[0].year).toBe(-104);
      expect(anonymous.festival.readings.map((r: { kind: string }) => r.kind)).toContain("article");
      expect(
        anonymous.festival.readings.every((r: { path: string }) =>
          /^\/(ah\/article|detail)\//.test(r.path),
        ),
      ).toBe(true);
      const wechat = await t.app.inject({
        url: "/api/m/springfestival",
        headers: { "user-agent": "Mozilla/5.0 (iPhone) MicroMessenger/8.0.50" },
      });
      expect(wechat.json().data.data.browerType).toBe("weixin");
    });

    it("records friends from the share link, counts them valid once they read, and gives each reward once", async () => {
      const host = await signedInReader(t.app);
      const page = (await host.browser.get("/api/m/springfestival")).json().data;
      expect(page.data).toMatchObject({ hasLogin: true, userId: host.userId, friendsNum: 0 });
      expect(page.next).toEqual({ label: "徽章 · 迎春使者", threshold: 1, more: 1 });
      expect(page.invitePath).toBe(`/springfestival/share?from=${host.userId}`);
      const shared = await host.browser.post("/api/m/campaign/springfestival/share", {
        link: page.invitePath,
      });
      expect(shared.json().data.link).toBe(`/springfestival/share?from=${host.userId}`);

      const friends: Awaited<ReturnType<typeof signedInReader>>[] = [];
      for (let i = 0; i < 6; i++) {
        const friend = await signedInReader(t.app);
        const landing = (
          await friend.browser.get(`/api/m/springfestival/share?from=${host.userId}`)
        ).json().data;
        expect(landing.inviter.id).toBe(host.userId);
        expect(landing.invitedBy).toBeNull();
        const recorded = await friend.browser.post("/api/m/campaign/springfestival/invite", {
          from: host.userId,
        });
        expect(recorded.json().data.recorded).toBe(true);
        friends.push(friend);
      }
      const before = (
        await friends[0]?.browser.get(`/api/m/springfestival/share?from=${host.userId}`)
      )?.json().data;
      expect(before).toMatchObject({ readSinceJoining: false });
      expect(before.invitedBy).toBe(before.inviter.name);

      let list = (await host.browser.get("/api/m/springfestival/friends")).json().data;
      expect(list.invites).toMatchObject({ friendsNum: 6, validFriendsNum: 0, granted: [] });

      // One friend reads an article: valid, and the first reward is given.
      expect((await read(friends[0]!.browser, 0)).statusCode).toBe(200);
      const after = (await friends[0]!.browser.get("/api/m/springfestival/share")).json().data;
      expect(after.readSinceJoining).toBe(true);
      list = (await host.browser.get("/api/m/springfestival/friends")).json().data;
      expect(list.invites).toMatchObject({
        friendsNum: 6,
        validFriendsNum: 1,
        granted: ["徽章 · 迎春使者"],
      });
      expect(list.data.validFriendsNum).toBe(1);
      expect(list.next).toEqual({ label: "3 天会员", threshold: 3, more: 2 });

      await read(friends[1]!.browser, 1);
      await read(friends[2]!.browser, 2);
      list = (await host.browser.get("/api/m/springfestival/friends")).json().data;
      expect(list.invites).toMatchObject({ validFriendsNum: 3, granted: ["3 天会员"] });

      await read(friends[3]!.browser, 3);
      await read(friends[4]!.browser, 4);
      // Many requests at once: the rewards at 5 are given once.
      const at5 = await Promise.all(
        Array.from({ length: 10 }, () => host.browser.get("/api/m/springfestival/friends")),
      );
      expect(at5.every((r) => r.statusCode === 200)).toBe(true);
      const granted = at5.flatMap((r) => r.json().data.invites.granted as string[]).sort();
      expect(granted).toEqual(["7 天会员", "新人无门槛券"].sort());
      const final = at5[0]!.json().data;
      expect(final.invites).toMatchObject({ friendsNum: 6, validFriendsNum: 5 });
      expect(final.invites.friends.filter((f: { valid: boolean }) => !f.valid)).toHaveLength(1);
      expect(final.next).toBeNull();

      const rows = await db()
        .selectFrom("campaign_grant")
        .select("reward_key")
        .where("campaign_key", "=", "springfestival")
        .where("identity", "=", `account:${host.userId}`)
        .execute();
      expect(rows.map((r) => r.reward_key).sort()).toEqual(["badge", "coupon", "vip-3", "vip-7"]);
      const vip = await t.deps.services.vip.status({
        kind: "user",
        userId: host.userId,
        role: "user",
        phone: host.phone,
        name: "",
        appUserId: null,
        visitorId: null,
        via: "browser",
        sessionId: null,
      });
      const days = (Date.parse(vip.expiresAt as string) - Date.now()) / DAY;
      expect(days).toBeGreaterThan(9.9);
      expect(days).toBeLessThan(10.1);

      // The inviter leads the ranking with five valid friends.
      const ranking = (await host.browser.get("/api/m/springfestival")).json().data.ranking;
      expect(ranking.me).toMatchObject({ rank: 1, score: 5 });
    });

    it("keeps the 2023 edition readable after it ended, with its final ranking and tallies", async () => {
      const a = await signedInReader(t.app);
      const b = await signedInReader(t.app);
      const at = "2023-01-20T04:00:00.000Z";
      await db()
        .insertInto("campaign_invite")
        .values([
          {
            campaign_key: "springfestival-2023",
            invitee_id: "old-1",
            inviter_id: a.userId,
            created_at: at,
            valid_at: at,
          },
          {
            campaign_key: "springfestival-2023",
            invitee_id: "old-2",
            inviter_id: a.userId,
            created_at: at,
            valid_at: null,
          },
          {
            campaign_key: "springfestival-2023",
            invitee_id: "old-3",
            inviter_id: b.userId,
            created_at: at,
            valid_at: at,
          },
        ])
        .execute();
      await t.deps.services.campaigns.setScore("springfestival-2023", a.userId, 1);
      await t.deps.services.campaigns.setScore("springfestival-2023", b.userId, 1);
      const res = await a.browser.get("/api/m/springfestival/2023");
      expect(res.statusCode).toBe(200);
      const view = res.json().data;
      expect(view.campaign).toMatchObject({ phase: "ended", phaseLabel: "已结束" });
      expect(view.totals).toEqual({ inviters: 2, friends: 3, validFriends: 2, rewards: 0 });
      expect(view.ranking.entries).toHaveLength(2);
      expect(view.mine).toEqual({ friendsNum: 2, validFriendsNum: 1, rewards: [] });
      expect(view.festival.zodiac).toBe("癸卯兔年");
      // Nobody joins an ended edition.
      expect(
        (
          await b.browser.post("/api/m/campaign/springfestival-2023/invite", { from: a.userId })
        ).json().data.recorded,
      ).toBe(false);
    });

    it("sums a reader's year from their records, and a friend sees only the snapshot they shared", async () => {
      const me = await signedInReader(t.app);
      const today = chinaDay(new Date());
      const id = (n: string) => `${me.userId.slice(0, 12)}${n}`.slice(0, 24);
      const activity = (
        n: string,
        day: string,
        kind: string,
        ref: string,
        seconds: number,
        answered: number,
        correct: number,
      ) => ({
        id: id(n),
        owner_id: me.userId,
        day,
        kind,
        ref,
        answered,
        correct,
        seconds,
        created_at: new Date().toISOString(),
      });
      await db()
        .insertInto("learning_activity")
        .values([
          activity("a1", today, "ladder", "wenshi-01", 600, 10, 8),
          activity("a2", addDays(today, -1), "ladder", "young-01", 300, 5, 4),
          activity("a3", addDays(today, -2), "challenge", "round-1", 900, 20, 15),
          // Older than a year: left out.
          activity("a4", addDays(today, -400), "ladder", "wenshi-02", 3600, 40, 40),
        ])
        .execute();
      await db()
        .insertInto("study_clockin")
        .values([
          {
            owner_id: me.userId,
            day: today,
            kind: "checkin",
            created_at: new Date().toISOString(),
          },
          {
            owner_id: me.userId,
            day: addDays(today, -1),
            kind: "checkin",
            created_at: new Date().toISOString(),
          },
        ])
        .execute();
      const now = new Date().toISOString();
      await db()
        .insertInto("ladder_progress")
        .values([
          {
            owner_id: me.userId,
            level_key: "wenshi-01",
            ladder_key: "wenshi",
            best_correct: 8,
            best_total: 10,
            passed: 1,
            attempts: 1,
            points: 80,
            best_at: now,
            updated_at: now,
          },
          {
            owner_id: me.userId,
            level_key: "young-01",
            ladder_key: "young",
            best_correct: 4,
            best_total: 5,
            passed: 1,
            attempts: 1,
            points: 40,
            best_at: now,
            updated_at: now,
          },
        ])
        .execute();
      await db()
        .insertInto("ladder_points")
        .values([
          {
            id: id("p1"),
            owner_id: me.userId,
            level_key: "wenshi-01",
            ladder_key: "wenshi",
            points: 80,
            reason: "pass",
            day: today,
            created_at: now,
          },
          {
            id: id("p2"),
            owner_id: me.userId,
            level_key: "young-01",
            ladder_key: "young",
            points: 40,
            reason: "pass",
            day: today,
            created_at: now,
          },
        ])
        .execute();
      const started = Date.now() - 2 * DAY;
      await db()
        .insertInto("challenge_round")
        .values({
          id: id("r1"),
          owner_id: me.userId,
          kind: "ladderchallenge",
          grade: "junior",
          day: addDays(today, -2),
          question_ids: "[]",
          started_at: started,
          deadline_at: started + 600_000,
          per_question_ms: null,
          current_index: 20,
          current_opened_at: started,
          status: "finished",
          answered: 20,
          correct: 15,
          score: 150,
          duration_ms: 900_000,
          finished_at: started + 900_000,
          once_key: null,
        })
        .execute();
      await read(me.browser, 0);
      await read(me.browser, 0);
      await read(me.browser, 1);

      const signedOut = (await t.app.inject({ url: "/api/m/review/ladderanniversary" })).json()
        .data;
      expect(signedOut.review).toBeNull();
      expect(signedOut.campaign.kind).toBe("review");

      const view = (await me.browser.get("/api/m/review/ladderanniversary")).json().data;
      expect(view.review).toMatchObject({
        enough: true,
        studyDays: 3,
        minutes: 30,
        answered: 35,
        correct: 27,
        accuracy: 77,
        checkins: 2,
        longestStreak: 3,
        ladder: { passed: 1, tried: 1, points: 80, minutes: 10 },
        challenges: { rounds: 1, best: 150, correct: 15 },
        reading: { articles: 2, entries: 0, reads: 3 },
      });
      expect(view.review.reading.top[0].count).toBe(2);
      expect(view.cards).toHaveLength(6);
      const young = (await me.browser.get("/api/m/review/ladderanniversary1")).json().data;
      expect(young.review.ladder).toMatchObject({ passed: 1, points: 40, minutes: 5 });
      expect(young.ladderTitle).toBe("少儿天梯");
      expect(young.voice).toBe("young");

      // Shares only the study part; the snapshot is what a friend sees, not later records.
      const share = await me.browser.post("/api/m/review/ladderanniversary/share", {
        parts: ["study"],
      });
      expect(share.statusCode, share.body).toBe(200);
      const { token, share: payload } = share.json().data;
      expect(payload.link).toBe(`/ladderanniversary/resultothers?share=${token}&from=${me.userId}`);
      await db()
        .insertInto("learning_activity")
        .values(activity("a5", today, "practice", "p", 1200, 10, 10))
        .execute();
      expect(
        (await me.browser.get("/api/m/review/ladderanniversary")).json().data.review.minutes,
      ).toBe(50);
      const friend = await t.app.inject({
        url: `/api/m/review/ladderanniversary/others?share=${token}`,
      });
      expect(friend.statusCode).toBe(200);
      const seen = friend.json().data;
      expect(seen.snapshot.study).toMatchObject({ minutes: 30, studyDays: 3, ladderPassed: 1 });
      expect(seen.snapshot.reading).toBeNull();
      expect(JSON.stringify(seen)).not.toContain(view.review.reading.top[0].title);
      expect(seen.name).toBeTruthy();
      const byUser = (
        await t.app.inject({ url: `/api/m/review/ladderanniversary/others?user=${me.userId}` })
      ).json().data;
      expect(byUser.snapshot.study.minutes).toBe(30);
      // Another edition has no snapshot of this reader.
      expect(
        (await t.app.inject({ url: `/api/m/review/ladderanniversary1/others?share=${token}` }))
          .statusCode,
      ).toBe(404);

      // Bad input answers 4xx.
      expect(
        (await t.app.inject({ url: "/api/m/review/ladderanniversary/others" })).statusCode,
      ).toBe(400);
      expect((await t.app.inject({ url: "/api/m/review/nosuch" })).statusCode).toBe(400);
      expect(
        (await me.browser.post("/api/m/review/ladderanniversary/share", { parts: [] })).statusCode,
      ).toBe(400);
      const anonymousShare = await t.app.inject({
        method: "POST",
        url: "/api/m/review/ladderanniversary/share",
        payload: { parts: ["study"] },
      });
      expect(anonymousShare.json().code).toBe(600);
    });

    it("gives a reader with no records a whole, kind review", async () => {
      const fresh = await signedInReader(t.app);
      const view = (await fresh.browser.get("/api/m/review/ladderanniversary1")).json().data;
      expect(view.review).toMatchObject({
        enough: false,
        studyDays: 0,
        minutes: 0,
        accuracy: null,
      });
      expect(view.cards[0].lines[0]).toBe("这一年还没有留下学习记录。");
    });
  },
);
