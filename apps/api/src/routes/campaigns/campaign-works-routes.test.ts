import { randomInt } from "node:crypto";
import type { UserViewer } from "@tongjian/domain/viewer";
import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import type { CampaignDefinition } from "@tongjian/services/campaigns/campaigns.server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const PASSWORD = "读史使人明智鉴往知来";
const newPhone = () => `134${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;
const newAddress = () =>
  `2001:db8::c4:${randomInt(0, 0x10000).toString(16)}:${randomInt(1, 0x10000).toString(16)}`;
/** About 120 Chinese characters: long enough for an essay. */
const ESSAY = "长安城的坊市制度在唐代中期以后渐渐松动，夜市出现，商铺临街而开。".repeat(4);

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

function definition(
  key: "wenshireward" | "workcollection",
  over: Partial<CampaignDefinition> = {},
): CampaignDefinition {
  return {
    key,
    title: key === "wenshireward" ? "文史奖励" : "作品征集",
    kind: "submission",
    path: `/${key}`,
    summary: "读者投稿、审核、点赞与评奖。",
    rules: ["作品须为本人原创。"],
    previewAt: null,
    startsAt: iso(-DAY),
    endsAt: iso(30 * DAY),
    limits: { perDay: null, perReader: null, perDevice: null },
    rewards: [
      { key: "author", label: "徽章 · 作者", item: "badge", amount: 1, threshold: 1 },
      {
        key: "first",
        label: "一等奖 · 30 天会员",
        item: "vip-days",
        amount: 30,
        threshold: 0,
        rank: { from: 1, to: 1 },
      },
      {
        key: "second",
        label: "二等奖 · 7 天会员",
        item: "vip-days",
        amount: 7,
        threshold: 0,
        rank: { from: 2, to: 3 },
      },
    ],
    share: { title: "来投稿", desc: "读者作品征集。", imgUrl: "/favicon.svg" },
    ...over,
  };
}

async function jpeg(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: "someone", Copyright: "gps-and-camera" } })
    .toBuffer();
}

function multipart(data: Buffer, filename = "photo.jpg", type = "image/jpeg") {
  const boundary = `----tj${randomInt(0, 10 ** 9)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databaseTargets())("campaign works on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const works = () => t.deps.services.campaignWorks;
  const campaigns = () => t.deps.services.campaigns;

  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    await campaigns().create(definition("wenshireward"));
    await campaigns().create(definition("workcollection"));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function reader(name = "读者"): Promise<{ b: TestBrowser; id: string; phone: string }> {
    const b = testBrowser(t.app, { address: newAddress() });
    const phone = newPhone();
    const sent = await b.post("/api/auth/sms/send", { phone, purpose: "register" });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = (await t.app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` })).json().data
      .code;
    const res = await b.post("/api/auth/register", { phone, code, password: PASSWORD, name });
    expect(res.statusCode, res.body).toBe(200);
    return { b, id: res.json().data.ahUserId as string, phone };
  }

  async function admin() {
    const { id, phone } = await reader("审核员");
    await createAccountRepository(t.deps.handle.db).update(id, { role: "admin" });
    const b = testBrowser(t.app, { address: newAddress() });
    const res = await b.post("/api/auth", { type: "password", phone, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return { b, id };
  }

  async function upload(b: TestBrowser, data: Buffer, filename?: string, type?: string) {
    const { body, headers } = multipart(data, filename, type);
    return b.post("/api/m/works/image", body, headers);
  }

  async function imageIds(b: TestBrowser, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await upload(b, await jpeg(60 + i, 40 + i));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.id);
    }
    return ids;
  }

  async function submitted(
    b: TestBrowser,
    key: "wenshireward" | "workcollection",
    body: { title: string; text: string; imageIds?: string[] },
  ) {
    const res = await b.post(`/api/m/works/${key}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; status: string; statusLabel: string; title: string };
  }

  it("checks a submission: login, lengths, images (at most nine, one's own, at least one for photos), and cleans markup", async () => {
    const anon = testBrowser(t.app, { address: newAddress() });
    const out = await anon.post("/api/m/works/wenshireward", { title: "唐代长安", text: ESSAY });
    expect(out.json().code).toBe(600);

    const { b } = await reader();
    const short = await b.post("/api/m/works/wenshireward", { title: "长", text: ESSAY });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("标题至少 2 个汉字");
    const brief = await b.post("/api/m/works/wenshireward", {
      title: "唐代长安",
      text: "太短了",
    });
    expect(brief.statusCode).toBe(400);
    expect(brief.json().message).toContain("正文至少 100 个汉字");
    const noPhoto = await b.post("/api/m/works/workcollection", {
      title: "晨光里的应县木塔",
      text: "",
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toContain("请至少上传 1 张图片");

    const ten = await imageIds(b, 10);
    const tooMany = await b.post("/api/m/works/workcollection", {
      title: "十张图的作品",
      text: "",
      imageIds: ten,
    });
    expect(tooMany.statusCode).toBe(400);
    const nine = await submitted(b, "workcollection", {
      title: "九张图的作品",
      text: "从城门到钟楼，一路走一路拍。",
      imageIds: ten.slice(0, 9),
    });
    const detail = await b.get(`/api/m/works/workcollection/${nine.id}`);
    expect(detail.json().data.images).toHaveLength(9);

    // Someone else's image is refused, and the refused submission records nothing.
    const other = await reader();
    const [theirs] = await imageIds(other.b, 1);
    const stolen = await b.post("/api/m/works/workcollection", {
      title: "别人的图片",
      text: "",
      imageIds: [theirs],
    });
    expect(stolen.statusCode).toBe(400);
    const mine = (await b.get("/api/m/works/workcollection/mine")).json().data;
    expect(mine.list.map((w: { title: string }) => w.title)).toEqual(["九张图的作品"]);

    const clean = await submitted(b, "wenshireward", {
      title: "<script>alert(1)</script><b>唐代长安的夜市</b>",
      text: `<img src=x onerror=alert(1)><p>${ESSAY}</p><script>steal()</script>`,
    });
    const got = (await b.get(`/api/m/works/wenshireward/${clean.id}`)).json().data;
    expect(got.title).toBe("唐代长安的夜市");
    expect(got.text).toBe(ESSAY);
    expect(got.status).toBe("pending");
    expect(got.statusLabel).toBe("审核中");
  });

  it("refuses bad files with a 4xx and stores images without their metadata", async () => {
    const { b } = await reader();
    const svg = await upload(
      b,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
    );
    expect(svg.statusCode).toBe(415);
    const text = await upload(b, Buffer.from("not an image at all"), "a.jpg");
    expect(text.statusCode).toBe(415);
    const broken = await upload(b, Buffer.concat([(await jpeg()).subarray(0, 40)]), "b.jpg");
    expect(broken.statusCode).toBe(400);
    const big = await upload(b, Buffer.concat([await jpeg(), Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const empty = await upload(b, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const anon = testBrowser(t.app, { address: newAddress() });
    expect((await upload(anon, await jpeg())).json().code).toBe(600);

    const ok = await upload(b, await jpeg());
    expect(ok.statusCode).toBe(200);
    const image = await t.app.inject({ url: ok.json().data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect((await t.app.inject({ url: ok.json().data.thumbUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/media/works/bad%2Fname.jpg" })).statusCode).toBe(400);
  });

  it("lists only approved works; the author sees theirs pending or rejected with the reason; only admins moderate", async () => {
    const author = await reader("投稿人");
    const stranger = await reader();
    const mod = await admin();
    const work = await submitted(author.b, "wenshireward", {
      title: "一座城的前世今生",
      text: ESSAY,
    });
    const listed = async () =>
      (await stranger.b.get("/api/m/works/wenshireward?order=newest&size=50"))
        .json()
        .data.list.map((w: { id: string }) => w.id);
    expect(await listed()).not.toContain(work.id);
    expect((await stranger.b.get(`/api/m/works/wenshireward/${work.id}`)).statusCode).toBe(404);
    const mine = (await author.b.get("/api/m/works/wenshireward/mine")).json().data.list;
    expect(mine[0]).toMatchObject({ id: work.id, statusLabel: "审核中", mine: true });

    expect((await stranger.b.get("/api/m/works/wenshireward/moderation")).statusCode).toBe(403);
    const refused = await stranger.b.post("/api/m/works/wenshireward/moderation", {
      workId: work.id,
      action: "approve",
    });
    expect(refused.statusCode).toBe(403);
    const queue = (await mod.b.get("/api/m/works/wenshireward/moderation")).json().data;
    expect(queue.map((w: { id: string }) => w.id)).toContain(work.id);

    const noReason = await mod.b.post("/api/m/works/wenshireward/moderation", {
      workId: work.id,
      action: "reject",
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = await mod.b.post("/api/m/works/wenshireward/moderation", {
      workId: work.id,
      action: "reject",
      reason: "请补充史料出处",
    });
    expect(rejected.json().data.status).toBe("rejected");
    const seen = (await author.b.get(`/api/m/works/wenshireward/${work.id}`)).json().data;
    expect(seen).toMatchObject({ statusLabel: "未通过", reason: "请补充史料出处" });
    expect(await listed()).not.toContain(work.id);

    const approved = await mod.b.post("/api/m/works/wenshireward/moderation", {
      workId: work.id,
      action: "approve",
    });
    expect(approved.json().data.status).toBe("approved");
    expect(await listed()).toContain(work.id);
    const public_ = (await stranger.b.get(`/api/m/works/wenshireward/${work.id}`)).json().data;
    expect(public_.reason).toBeNull();
    // The first approved work gives the author's badge, once.
    const rewards = (await author.b.get("/api/m/campaign/rewards")).json().data.rewards;
    expect(rewards.filter((r: { rewardKey: string }) => r.rewardKey === "author")).toHaveLength(1);
  });

  it("counts likes exactly once per reader under concurrency, refuses self-likes and unapproved works", async () => {
    const author = await reader("被点赞的作者");
    const mod = await admin();
    const work = await submitted(author.b, "wenshireward", {
      title: "史书里的小人物",
      text: ESSAY,
    });
    const pending = await submitted(author.b, "wenshireward", { title: "还在审核中", text: ESSAY });
    await mod.b.post("/api/m/works/wenshireward/moderation", {
      workId: work.id,
      action: "approve",
    });

    const readers = Array.from({ length: 120 }, (_, i) => viewerOf(`liker-${i}-${randomInt(1e9)}`));
    // Each reader likes three times at once: 120 likes in all.
    await Promise.all(
      readers.flatMap((v) => [1, 2, 3].map(() => works().like("wenshireward", work.id, v))),
    );
    const after = (await author.b.get(`/api/m/works/wenshireward/${work.id}`)).json().data;
    expect(after.likes).toBe(120);
    const rows = await t.deps.handle.db
      .selectFrom("campaign_work_like")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("work_id", "=", work.id)
      .executeTakeFirst();
    expect(Number(rows?.n)).toBe(120);

    const liker = await reader();
    const first = await liker.b.post(`/api/m/works/wenshireward/${work.id}/like`, {});
    expect(first.json().data).toEqual({ liked: true, likes: 121 });
    const again = await liker.b.post(`/api/m/works/wenshireward/${work.id}/like`, {});
    expect(again.json().data).toEqual({ liked: true, likes: 121 });
    const seen = (await liker.b.get(`/api/m/works/wenshireward/${work.id}`)).json().data;
    expect(seen.liked).toBe(true);

    const self = await author.b.post(`/api/m/works/wenshireward/${work.id}/like`, {});
    expect(self.statusCode).toBe(400);
    const unapproved = await liker.b.post(`/api/m/works/wenshireward/${pending.id}/like`, {});
    expect(unapproved.statusCode).toBe(404);
    const anon = testBrowser(t.app, { address: newAddress() });
    expect((await anon.post(`/api/m/works/wenshireward/${work.id}/like`, {})).json().code).toBe(
      600,
    );

    const popular = (await anon.get("/api/m/works/wenshireward?order=popular")).json().data;
    expect(popular.list[0].id).toBe(work.id);
    const ranking = (await anon.get("/api/m/campaign/wenshireward/ranking")).json().data;
    expect(ranking.entries[0]).toMatchObject({ ownerId: author.id, score: 121 });
    const data = (await anon.get("/api/m/works/wenshireward/data")).json().data;
    expect(data.likes).toBeGreaterThanOrEqual(121);
    expect(data.top[0]).toMatchObject({ id: work.id, likes: 121 });
    expect(data.perDay.at(-1).likes).toBeGreaterThanOrEqual(121);
  });

  it("keeps the campaign's limits on submissions", async () => {
    await campaigns().create(
      definition("workcollection", { limits: { perDay: 1, perReader: null, perDevice: null } }),
    );
    try {
      const { b } = await reader();
      const [a, c] = await imageIds(b, 2);
      const body = (id: string | undefined) => ({
        title: "城墙上的落日",
        text: "",
        imageIds: [id],
      });
      const results = await Promise.all([
        b.post("/api/m/works/workcollection", body(a)),
        b.post("/api/m/works/workcollection", body(c)),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(refused?.json().message).toBe("今天已经参与过了，明天再来吧");
    } finally {
      await campaigns().create(definition("workcollection"));
    }
  });

  it("gives the prizes by place once, only after the end; likes close with the campaign", async () => {
    const mod = await admin();
    const authors = await Promise.all([reader("甲"), reader("乙"), reader("丙"), reader("丁")]);
    const ids: string[] = [];
    for (const [i, a] of authors.entries()) {
      const [img] = await imageIds(a.b, 1);
      const w = await submitted(a.b, "workcollection", {
        title: `古桥第 ${i + 1} 幅`,
        text: "",
        imageIds: [img as string],
      });
      await mod.b.post("/api/m/works/workcollection/moderation", {
        workId: w.id,
        action: "approve",
      });
      ids.push(w.id);
    }
    // 甲 5 likes, 乙 3, 丙 3 (reached after 乙), 丁 none.
    const like = async (id: string, n: number, tag: string) => {
      for (let i = 0; i < n; i++) await works().like("workcollection", id, viewerOf(`${tag}-${i}`));
    };
    await like(ids[0] as string, 5, "p-a");
    await like(ids[1] as string, 3, "p-b");
    // 丙 reaches 3 in a later millisecond than 乙 (ties go to who got there first).
    const reached = Date.now();
    while (Date.now() <= reached) await new Promise((resolve) => setImmediate(resolve));
    await like(ids[2] as string, 3, "p-c");

    const early = await works()
      .award("workcollection")
      .catch((e: { status?: number }) => e);
    expect((early as { status?: number }).status).toBe(409);

    await campaigns().close("workcollection");
    const late = authors[3] as { b: TestBrowser };
    const closed = await late.b.post(`/api/m/works/workcollection/${ids[0]}/like`, {});
    expect(closed.statusCode).toBe(409);

    const [once, twice] = [
      await works().award("workcollection"),
      await works().award("workcollection"),
    ];
    const winners = once.places.filter((p) => ids.includes(p.workId));
    expect(winners.map((p) => [p.place, p.workId, p.reward, p.given])).toEqual([
      [1, ids[0], "first", true],
      [2, ids[1], "second", true],
      [3, ids[2], "second", true],
    ]);
    expect(twice.alreadyAwarded).toBe(true);
    expect(twice.places.every((p) => !p.given)).toBe(true);
    const grants = await t.deps.handle.db
      .selectFrom("campaign_grant")
      .select(["owner_id", "reward_key"])
      .where("campaign_key", "=", "workcollection")
      .where("reward_key", "in", ["first", "second"])
      .where("identity", "like", "account:%")
      .execute();
    expect(grants.filter((g) => g.owner_id === authors[0]?.id)).toHaveLength(1);
    const vip = (await (authors[0] as { b: TestBrowser }).b.get("/api/m/campaign/rewards")).json()
      .data.rewards;
    expect(vip.map((r: { rewardKey: string }) => r.rewardKey)).toContain("first");
    const data = (await late.b.get("/api/m/works/workcollection/data")).json().data;
    expect(data.awards[0]).toMatchObject({
      place: 1,
      workId: ids[0],
      reward: "一等奖 · 30 天会员",
    });
  });
});
