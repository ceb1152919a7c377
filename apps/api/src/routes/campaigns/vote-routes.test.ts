import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chinaDay } from "@tongjian/domain/china-time";
import type { UserViewer } from "@tongjian/domain/viewer";
import { alreadyVotedMessage, dayLimitMessage } from "@tongjian/domain/votes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp, FIXTURE_CONTENT } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const viewerOf = (userId: string): UserViewer => ({
  kind: "user",
  userId,
  role: "user",
  phone: null,
  name: "读者",
  appUserId: null,
  visitorId: null,
  via: "browser",
  sessionId: null,
});

/**
 * The fixture corpus with the real music (its links to entries the fixture lacks left out) and
 * the two vote campaigns.
 */
function voteContent(): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-votes-"));
  cpSync(FIXTURE_CONTENT, dir, { recursive: true });
  const music = parse(readFileSync("content/music.yaml", "utf8")) as {
    performers: { entry?: string }[];
    pieces: { entries?: string[] }[];
  };
  for (const p of music.performers) delete p.entry;
  for (const p of music.pieces) p.entries = [];
  writeFileSync(join(dir, "music.yaml"), stringify(music));
  for (const key of ["love", "wenshisong"])
    cpSync(`content/campaigns/${key}`, join(dir, "campaigns", key), { recursive: true });
  return dir;
}

const daysAgo = (n: number) => chinaDay(new Date(Date.now() - n * 86_400_000));

describe.each(databaseTargets())("the vote campaigns on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const votes = () => t.deps.services.votes;

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" }, { contentDir: voteContent() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("lists the candidates with their pieces, people and years, and 404s for other campaigns", async () => {
    const res = await t.app.inject({ url: "/api/m/vote/wenshisong" });
    expect(res.statusCode).toBe(200);
    const board = res.json().data;
    expect(board.campaign).toMatchObject({ key: "wenshisong", phase: "running" });
    expect(board.candidates).toHaveLength(10);
    expect(board.me).toMatchObject({ signedIn: false, reason: "登录后才能投票" });
    expect(board.voteRules.join("")).toContain("每人每天共有 3 票");
    const song = board.candidates.find((c: { id: string }) => c.id === "guan-shan-yue");
    expect(song.piece).toMatchObject({ key: "guan-shan-yue", name: "关山月" });
    expect(song.piece.musicUrl).toMatch(/^\/media\/music\/\w+\.wav$/);
    expect(song.people).toEqual([expect.objectContaining({ name: "李白" })]);
    const chiLe = board.candidates.find((c: { id: string }) => c.id === "chi-le-ge");
    expect(chiLe.years).toBe("546年");

    const love = (await t.app.inject({ url: "/api/m/vote/love" })).json().data;
    const sima = love.candidates.find((c: { id: string }) => c.id === "sima-xiangru-zhuo-wenjun");
    expect(sima.years).toBe("约前143年—前118年");

    expect((await t.app.inject({ url: "/api/m/vote/divination" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/vote/BAD_KEY" })).statusCode).toBe(400);
  });

  it("opens a candidate, 400 for a malformed id and 404 for an unknown one", async () => {
    const res = await t.app.inject({ url: "/api/m/vote/love/candidate?id=su-shi-wang-fu" });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.candidate.title).toBe("苏轼与王弗");
    expect(d.moments.map((m: { label: string }) => m.label)).toEqual([
      "1054年",
      "1065年",
      "1075年",
    ]);
    expect(d.story.length).toBeGreaterThan(1);
    expect(d.quote.source).toContain("江城子");
    expect(d.reason).toBe("登录后才能投票");
    for (const bad of ["BAD!", "a".repeat(49), "", "x_y"])
      expect(
        (await t.app.inject({ url: `/api/m/vote/love/candidate?id=${encodeURIComponent(bad)}` }))
          .statusCode,
      ).toBe(400);
    const unknown = await t.app.inject({ url: "/api/m/vote/love/candidate?id=no-such-couple" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("候选不存在");
  });

  it("takes three votes a day, one per candidate, and refuses the rest in Chinese", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/m/vote/wenshisong",
      payload: { candidate: "guang-ling-san" },
    });
    expect(anonymous.statusCode).toBe(401);

    const { browser } = await signedInReader(t.app);
    const vote = (candidate: string) => browser.post("/api/m/vote/wenshisong", { candidate });

    const first = await vote("guang-ling-san");
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      candidate: "guang-ling-san",
      votes: 1,
      leftToday: 2,
    });
    expect(first.json().data.message).toBe("已为「广陵散」投票，今天还有 2 票");

    const again = await vote("guang-ling-san");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(alreadyVotedMessage("广陵散"));

    expect((await vote("no-such-song")).statusCode).toBe(404);
    expect((await vote("Bad Id")).statusCode).toBe(400);

    expect((await vote("shi-mian-mai-fu")).statusCode).toBe(200);
    const third = await vote("chi-le-ge");
    expect(third.json().data).toMatchObject({ leftToday: 0 });
    const fourth = await vote("yang-zhou-man");
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(dayLimitMessage(3));

    const board = (await browser.get("/api/m/vote/wenshisong")).json().data;
    expect(board.me).toMatchObject({ signedIn: true, leftToday: 0, usedToday: 3, voteDays: 1 });
    expect(board.me.reason).toBe(dayLimitMessage(3));
    const voted = board.candidates.filter((c: { votedToday: boolean }) => c.votedToday);
    expect(voted.map((c: { id: string }) => c.id).sort()).toEqual(
      ["chi-le-ge", "guang-ling-san", "shi-mian-mai-fu"].sort(),
    );
    expect(board.candidates.find((c: { id: string }) => c.id === "yang-zhou-man").votes).toBe(0);
    const counts = (await browser.get("/api/m/vote/wenshisong/counts")).json().data;
    expect(counts.totalVotes).toBe(board.totalVotes);
    const detail = (await browser.get("/api/m/vote/wenshisong/candidate?id=guang-ling-san")).json()
      .data;
    expect(detail.candidate.votedToday).toBe(true);
    expect(detail.reason).toBe(dayLimitMessage(3));
  });

  it("gives the badge once the reader has voted on three different days", async () => {
    const { browser, userId } = await signedInReader(t.app);
    // Two earlier days of votes, as the ballots of those days.
    for (const [i, day] of [daysAgo(2), daysAgo(1)].entries())
      await t.deps.handle.db
        .insertInto("vote_ballot")
        .values({
          campaign_key: "love",
          owner_id: userId,
          candidate: "su-shi-wang-fu",
          day,
          action_id: `earlier-${i}`,
          created_at: new Date().toISOString(),
        })
        .execute();
    const res = await browser.post("/api/m/vote/love", { candidate: "lu-you-tang-wan" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.granted).toEqual(["徽章 · 情深知史"]);
    const again = await browser.post("/api/m/vote/love", { candidate: "su-shi-wang-fu" });
    expect(again.json().data.granted).toEqual([]);
    const rewards = (await browser.get("/api/m/campaign/rewards")).json().data.rewards;
    expect(rewards.filter((r: { campaignKey: string }) => r.campaignKey === "love")).toHaveLength(
      1,
    );
  });

  it("counts 500 votes fired at once from 500 readers exactly", async () => {
    const board = await votes().board("wenshisong", viewerOf("nobody"));
    const ids = board.candidates.map((c) => c.id);
    const before = new Map(board.candidates.map((c) => [c.id, c.votes]));
    const picks = Array.from({ length: 500 }, (_, i) => ids[(i * 7) % ids.length] as string);
    const results = await Promise.allSettled(
      picks.map((id, i) => votes().vote("wenshisong", viewerOf(`burst-${target.name}-${i}`), id)),
    );
    const accepted = new Map<string, number>();
    results.forEach((r, i) => {
      if (r.status === "fulfilled") {
        const id = picks[i] as string;
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
    });
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const after = await votes().counts("wenshisong", viewerOf("nobody"));
    for (const c of after.counts)
      expect(c.votes - (before.get(c.id) ?? 0), c.id).toBe(accepted.get(c.id) ?? 0);
    expect(after.totalVotes - board.totalVotes).toBe(500);
    const tallies = await t.deps.services.campaigns.tallies("wenshisong");
    expect([...tallies.values()].reduce((a, b) => a + b, 0)).toBe(after.totalVotes);

    // One reader at once: twenty votes for one candidate give one, twelve across six give three.
    const same = viewerOf(`burst-same-${target.name}`);
    const one = await Promise.allSettled(
      Array.from({ length: 20 }, () => votes().vote("wenshisong", same, "guan-shan-yue")),
    );
    expect(one.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const spread = viewerOf(`burst-spread-${target.name}`);
    const three = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        votes().vote("wenshisong", spread, ids[i % 6] as string),
      ),
    );
    expect(three.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refusals = new Set(
      three.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : [])),
    );
    for (const m of refusals)
      expect(m === dayLimitMessage(3) || m.startsWith("今天已经给「")).toBe(true);
    const final = await votes().counts("wenshisong", viewerOf("nobody"));
    expect(final.totalVotes - after.totalVotes).toBe(4);
  }, 120_000);

  it("refuses votes once the campaign has ended and keeps its results readable", async () => {
    await t.deps.services.campaigns.close("love");
    const board = (await t.app.inject({ url: "/api/m/vote/love" })).json().data;
    expect(board.campaign.phase).toBe("ended");
    expect(board.me.reason).toBe("活动已结束，感谢参与");
    expect(board.totalVotes).toBeGreaterThan(0);
    const { browser } = await signedInReader(t.app);
    const res = await browser.post("/api/m/vote/love", { candidate: "su-shi-wang-fu" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("活动已结束，感谢参与");
  });
});
