import { randomInt } from "node:crypto";
import { loadCommunity, sampleId } from "@tongjian/content/community-content";
import { seedCommunity } from "@tongjian/content/seed-community";
import { COMMUNITY_API } from "@tongjian/contracts/community";
import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { type TestBrowser, testBrowser } from "../../test-browser.ts";

const API = COMMUNITY_API;
const PASSWORD = "资治通鉴二百九十四卷";
const TANG = sampleId("circle", "tang-shi-yan-du");
const SONG = sampleId("circle", "song-shi-du-shu-hui");
const SAMPLE_POST = sampleId("post", "chun-wang");

const newPhone = () => `136${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;
const newAddress = () =>
  `2001:db8::c0:${randomInt(0, 0x10000).toString(16)}:${randomInt(1, 0x10000).toString(16)}`;

async function jpeg(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: "someone" } })
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

describe.each(databaseTargets())("community on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    const community = loadCommunity("content");
    if (!community) throw new Error("content/community.yaml missing");
    await seedCommunity(t.deps.handle, community);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new account, signed in, in its own browser. */
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
    const { id, phone } = await reader("管理员");
    await createAccountRepository(t.deps.handle.db).update(id, { role: "admin" });
    // A new session reads the new role.
    const b = testBrowser(t.app, { address: newAddress() });
    const res = await b.post("/api/auth", { type: "password", phone, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return { b, id };
  }

  async function upload(b: TestBrowser, data: Buffer, filename?: string, type?: string) {
    const { body, headers } = multipart(data, filename, type);
    return b.post(`${API}/y/post/image`, body, headers);
  }

  async function join(b: TestBrowser, circleId: string) {
    const res = await b.post(`${API}/y/circle/member`, { circleId, action: "join" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it("shows the sample circles, posts and comments to anyone", async () => {
    const circles = (await t.app.inject({ url: `${API}/n/circles?page=1&size=20` })).json().data;
    expect(circles.list.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["唐诗研读", "三国迷", "宋史读书会", "考古与文物"]),
    );
    expect(circles.list.every((c: { joined: boolean }) => !c.joined)).toBe(true);
    const tang = circles.list.find((c: { id: string }) => c.id === TANG);
    expect(tang.memberCount).toBeGreaterThan(0);
    expect(tang.postCount).toBeGreaterThan(0);

    const posts = (await t.app.inject({ url: `${API}/n/posts?circleId=${TANG}` })).json().data;
    expect(posts.list.length).toBeGreaterThan(0);
    const post = (await t.app.inject({ url: `${API}/n/post/${SAMPLE_POST}` })).json().data;
    expect(post.author.name).toMatch(/^示例·/);
    expect(post.body).toContainEqual({ kind: "topic", topic: "杜甫", raw: "#杜甫#" });
    const comments = (await t.app.inject({ url: `${API}/n/post/${SAMPLE_POST}/comments` })).json();
    expect(comments.data.list.length).toBeGreaterThan(0);

    const byTopic = (
      await t.app.inject({ url: `${API}/n/posts?topic=${encodeURIComponent("杜甫")}` })
    ).json();
    expect(byTopic.data.list.map((p: { id: string }) => p.id)).toContain(SAMPLE_POST);
    const readers = (await t.app.inject({ url: `${API}/n/featured-readers` })).json().data;
    expect(readers.length).toBeGreaterThan(0);
    expect(readers[0].name).toMatch(/^示例·/);

    // Seeding again adds nothing twice.
    const again = await seedCommunity(
      t.deps.handle,
      loadCommunity("content") ?? (undefined as never),
    );
    expect(again.circles).toBeGreaterThan(0);
    const after = (await t.app.inject({ url: `${API}/n/circles?page=1&size=20` })).json().data;
    expect(after.list.find((c: { id: string }) => c.id === TANG).postCount).toBe(tang.postCount);
  });

  it("asks for login (600) on every /y/ call, and refuses unknown ids with 404 and bad ones with 400", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    for (const [url, body] of [
      [`${API}/y/circle/member`, { circleId: TANG, action: "join" }],
      [`${API}/y/post`, { circleId: TANG, text: "你好" }],
      [`${API}/y/comment`, { postId: SAMPLE_POST, text: "好" }],
      [`${API}/y/post/like`, { postId: SAMPLE_POST, action: "like" }],
      [`${API}/y/post/report`, { postId: SAMPLE_POST, reason: "spam" }],
    ] as const) {
      const res = await anonymous.post(url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe(600);
    }
    const { body, headers } = multipart(await jpeg());
    expect((await anonymous.post(`${API}/y/post/image`, body, headers)).json().code).toBe(600);
    expect((await t.app.inject({ url: `${API}/y/moderation/queue` })).json().code).toBe(600);

    const missing = await t.app.inject({ url: `${API}/n/post/${"0".repeat(24)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("帖子不存在或已被删除");
    expect((await t.app.inject({ url: `${API}/n/post/nope` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${API}/n/circle/${"0".repeat(24)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/n/posts?size=500` })).statusCode).toBe(400);
  });

  it("joins a circle, uploads an image, posts with a topic; the post shows in the circle, the topic and counts", async () => {
    const { b, id } = await reader("唐诗读者");
    // Not a member yet.
    const early = await b.post(`${API}/y/post`, { circleId: TANG, text: "还没加入" });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe("请先加入圈子再发帖");
    const before = (await b.get(`${API}/n/circle/${TANG}`)).json().data;
    const joined = await join(b, TANG);
    expect(joined).toEqual({ joined: true, memberCount: before.memberCount + 1 });
    // Joining twice changes nothing.
    expect((await join(b, TANG)).memberCount).toBe(before.memberCount + 1);
    expect(
      (await b.get(`${API}/y/my/circles`)).json().data.map((c: { id: string }) => c.id),
    ).toContain(TANG);

    const up = await upload(b, await jpeg(), "not-really.png", "image/png");
    expect(up.statusCode, up.body).toBe(200);
    const image = up.json().data;
    expect(image).toMatchObject({ width: 120, height: 80 });
    const file = await t.app.inject({ url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["cache-control"]).toContain("immutable");
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect((await t.app.inject({ url: image.thumbUrl })).statusCode).toBe(200);

    const topic = `诗史${randomInt(0, 10 ** 6)}`;
    const res = await b.post(`${API}/y/post`, {
      circleId: TANG,
      text: `读<b>杜诗</b>有感 #${topic}#<script>alert(1)</script> <a href="javascript:x()" onclick="y()">链接</a>`,
      imageIds: [image.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().data;
    expect(post).toMatchObject({
      author: { id, name: "唐诗读者" },
      circle: { id: TANG, name: "唐诗研读" },
      text: `读杜诗有感 #${topic}# 链接`,
      images: [{ id: image.id, url: image.url }],
      status: "visible",
      mine: true,
      likeCount: 0,
    });
    expect(JSON.stringify(post.body)).not.toMatch(/script|alert|javascript|onclick/);
    expect(post.body).toContainEqual({ kind: "topic", topic, raw: `#${topic}#` });

    const inCircle = (await b.get(`${API}/n/posts?circleId=${TANG}`)).json().data.list;
    expect(inCircle[0].id).toBe(post.id);
    const inTopic = (await b.get(`${API}/n/posts?topic=${encodeURIComponent(topic)}`)).json().data;
    expect(inTopic.list.map((p: { id: string }) => p.id)).toEqual([post.id]);
    expect((await b.get(`${API}/n/circle/${TANG}`)).json().data.postCount).toBe(
      before.postCount + 1,
    );
    // An image goes with one post only.
    const reuse = await b.post(`${API}/y/post`, {
      circleId: TANG,
      text: "再用一次",
      imageIds: [image.id],
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe("有图片已失效或不属于你，请删除后重新上传");

    // Another reader comments and likes; the author is told the counts.
    const other = await reader("评论者");
    const c = await other.b.post(`${API}/y/comment`, { postId: post.id, text: `同感！#${topic}#` });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data.author.name).toBe("评论者");
    const liked = await other.b.post(`${API}/y/post/like`, { postId: post.id, action: "like" });
    expect(liked.json().data).toEqual({ liked: true, likeNum: 1 });
    await other.b.post(`${API}/y/post/like`, { postId: post.id, action: "like" });
    const detail = (await other.b.get(`${API}/n/post/${post.id}`)).json().data;
    expect(detail).toMatchObject({ likeCount: 1, commentCount: 1, liked: true, mine: false });
    expect(detail.viewCount).toBeGreaterThanOrEqual(1);
    const comments = (await b.get(`${API}/n/post/${post.id}/comments`)).json().data;
    expect(comments.total).toBe(1);

    // The boards' function: the post with its recent views, likes and comments.
    const activity = await t.deps.services.community.listPostActivity({
      since: new Date(Date.now() - 3600_000),
    });
    const mine = activity.find((a) => a.post.id === post.id);
    expect(mine).toMatchObject({ likes: 1, comments: 1 });
    expect(mine?.views).toBeGreaterThanOrEqual(1);
    expect(mine?.days).toHaveLength(1);

    const left = await b.post(`${API}/y/circle/member`, { circleId: TANG, action: "leave" });
    expect(left.json().data).toEqual({ joined: false, memberCount: before.memberCount });
  });

  it("refuses oversized, long, foreign and non-image input with clear 4xx", async () => {
    const { b } = await reader();
    await join(b, SONG);
    const huge = await b.post(`${API}/y/post`, { circleId: SONG, text: "长".repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/正文过长/);
    const long = await b.post(`${API}/y/post`, { circleId: SONG, text: "宋".repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/至多 1000 个汉字/);
    const empty = await b.post(`${API}/y/post`, { circleId: SONG, text: "<script>x</script>  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("写点什么，或者配一张图片吧");
    const ten = await b.post(`${API}/y/post`, {
      circleId: SONG,
      text: "图",
      imageIds: Array.from({ length: 10 }, (_, i) => String(i).padStart(24, "0")),
    });
    expect(ten.statusCode).toBe(400);

    const svg = await upload(
      b,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "a.jpg",
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe("只支持 JPEG、PNG、WebP 或 GIF 图片");
    const big = await upload(b, Buffer.concat([await jpeg(), Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("图片不能超过 10 MB");
    const notMultipart = await b.post(`${API}/y/post/image`, { file: "x" });
    expect(notMultipart.statusCode).toBe(415);

    // Someone else's image cannot be posted.
    const other = await reader();
    const theirs = (await upload(other.b, await jpeg())).json().data;
    const stolen = await b.post(`${API}/y/post`, {
      circleId: SONG,
      text: "借图",
      imageIds: [theirs.id],
    });
    expect(stolen.statusCode).toBe(400);
    // Bad media names never reach the storage.
    expect((await t.app.inject({ url: "/media/community/..%2f..%2fetc.jpg" })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: `/media/community/${"a".repeat(24)}.jpg` })).statusCode).toBe(
      404,
    );
  });

  it("refuses a state change without the CSRF token", async () => {
    const { b } = await reader();
    const res = await b.rawPost(`${API}/y/circle/member`, { circleId: TANG, action: "join" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(419);
  });

  it("limits flooding per reader: the sixth post in ten minutes waits", async () => {
    const { b } = await reader();
    await join(b, SONG);
    for (let i = 0; i < 5; i++) {
      const res = await b.post(`${API}/y/post`, { circleId: SONG, text: `第${i + 1}帖` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await b.post(`${API}/y/post`, { circleId: SONG, text: "第6帖" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe("发帖太频繁了，请过几分钟再发");
    // Another reader is not held back.
    const other = await reader();
    await join(other.b, SONG);
    expect(
      (await other.b.post(`${API}/y/post`, { circleId: SONG, text: "我的第一帖" })).statusCode,
    ).toBe(200);
  });

  it("reports go to the admin's queue; the admin hides and restores; only admins moderate", async () => {
    const author = await reader("作者");
    await join(author.b, SONG);
    const post = (
      await author.b.post(`${API}/y/post`, { circleId: SONG, text: "一条将被举报的帖子" })
    ).json().data;
    const reporter = await reader("举报者");
    const report = await reporter.b.post(`${API}/y/post/report`, {
      postId: post.id,
      reason: "spam",
      note: "广告",
    });
    expect(report.json().data).toEqual({ reported: true, alreadyReported: false });
    const twice = await reporter.b.post(`${API}/y/post/report`, {
      postId: post.id,
      reason: "abuse",
    });
    expect(twice.json().data).toEqual({ reported: true, alreadyReported: true });
    expect(
      (await author.b.post(`${API}/y/post/report`, { postId: post.id, reason: "spam" })).statusCode,
    ).toBe(400);
    const badReason = await reporter.b.post(`${API}/y/post/report`, {
      postId: post.id,
      reason: "because",
    });
    expect(badReason.statusCode).toBe(400);

    // A reader is no moderator.
    expect((await reporter.b.get(`${API}/y/moderation/queue`)).statusCode).toBe(403);
    const refused = await reporter.b.post(`${API}/y/moderation/post`, {
      postId: post.id,
      action: "hide",
    });
    expect(refused.statusCode).toBe(403);

    const mod = await admin();
    const queue = (await mod.b.get(`${API}/y/moderation/queue?filter=reported`)).json().data;
    const item = queue.list.find((p: { id: string }) => p.id === post.id);
    expect(item).toMatchObject({ openReports: 1, reasons: { spam: 1 }, lastDecision: null });
    const hidden = await mod.b.post(`${API}/y/moderation/post`, {
      postId: post.id,
      action: "hide",
      reason: "广告",
    });
    expect(hidden.json().data).toEqual({ status: "hidden" });

    // Gone for readers, lists and comments; its author and the admin still see it.
    expect((await reporter.b.get(`${API}/n/post/${post.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/n/post/${post.id}` })).statusCode).toBe(404);
    const list = (await t.app.inject({ url: `${API}/n/posts?circleId=${SONG}&size=50` })).json()
      .data.list;
    expect(list.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await author.b.get(`${API}/n/post/${post.id}`)).json().data.status).toBe("hidden");
    expect(
      (await reporter.b.post(`${API}/y/comment`, { postId: post.id, text: "?" })).statusCode,
    ).toBe(404);
    const after = (await mod.b.get(`${API}/y/moderation/queue?filter=reported`)).json().data.list;
    expect(after.map((p: { id: string }) => p.id)).not.toContain(post.id);
    const hiddenList = (await mod.b.get(`${API}/y/moderation/queue?filter=hidden`)).json().data
      .list;
    expect(hiddenList.find((p: { id: string }) => p.id === post.id).lastDecision).toMatchObject({
      action: "hide",
      reason: "广告",
      by: "管理员",
    });

    await mod.b.post(`${API}/y/moderation/post`, { postId: post.id, action: "restore" });
    expect((await reporter.b.get(`${API}/n/post/${post.id}`)).json().data.status).toBe("visible");
  });
});
