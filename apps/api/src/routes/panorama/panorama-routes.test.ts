import { contentId } from "@tongjian/content/load-content";
import { sceneScope } from "@tongjian/domain/panorama";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const REDEEM = "/api/panorama/y/redeem";
const LOCKED = "mo-gao-ku-tang";
const OPEN = "chang-an-tang";

describe.each(databaseTargets())("panoramas and their exchange codes on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };
  const codesFor = async (scene: string, count = 1) =>
    (await t.deps.services.panoramas.createCodes({ count, scope: sceneScope(scene), days: 30 }))
      .codes;

  it("lists each edition's scenes with the preface, open scenes open and locked ones locked", async () => {
    const { status, body } = await get("/api/panorama/cn/panorama");
    expect(status).toBe(200);
    expect(body.data.title).toBe("全景·古都");
    expect(body.data.preface.length).toBeGreaterThan(1);
    const names = body.data.scenes.map((s: { name: string }) => s.name);
    expect(names).toEqual(["长安城", "汴京", "临安", "北京紫禁城"]);
    const palace = body.data.scenes.find(
      (s: { key: string }) => s.key === "zi-jin-cheng-ming-qing",
    );
    expect(palace).toMatchObject({ locked: true, access: "locked" });
    expect(body.data.scenes[0]).toMatchObject({ access: "open", era: "唐·天宝初年" });
    const later = await get("/api/panorama/cn/panorama2022");
    expect(later.body.data.scenes.map((s: { key: string }) => s.key)).toEqual([
      "quan-zhou-song-yuan",
      "mo-gao-ku-tang",
      "jia-yu-guan-ming",
    ]);
  });

  it("gives an open scene's hotspots, each an entry of the corpus, and its 2:1 picture", async () => {
    const { status, body } = await get(`/api/panorama/cn/scene/${OPEN}`);
    expect(status).toBe(200);
    expect(body.data.imageUrl).toMatch(/^\/media\/panorama\/chang-an-tang\.jpg/);
    const xuanZang = body.data.hotspots.find((h: { label: string }) => h.label === "大雁塔");
    expect(xuanZang.entry).toEqual({
      id: contentId("person", "xuan-zang"),
      kind: "person",
      name: "玄奘",
    });
    const image = await t.app.inject({ url: `/media/panorama/${OPEN}.jpg?w=1024` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
    // The same picture again is not sent again.
    const again = await t.app.inject({
      url: `/media/panorama/${OPEN}.jpg?w=1024`,
      headers: { "if-none-match": String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("keeps a locked scene's picture and hotspots from readers who have not unlocked it", async () => {
    const scene = await get(`/api/panorama/cn/scene/${LOCKED}`);
    expect(scene.body.data).toMatchObject({ access: "locked", imageUrl: null, hotspots: [] });
    const image = await get(`/media/panorama/${LOCKED}.jpg?w=1024`);
    expect(image.status).toBe(403);
    expect(image.body.message).toBe("该场景尚未解锁，请先兑换");
    // Its blurred small picture is for everyone.
    const thumb = await t.app.inject({ url: `/media/panorama/thumb/${LOCKED}.jpg` });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 320]);
  });

  it("lists the people and the books of each scene as entries", async () => {
    const people = await get("/api/panorama/cn/panorama/people");
    expect(people.status).toBe(200);
    const changAn = people.body.data.groups[0];
    expect(changAn.scene.name).toBe("长安城");
    expect(changAn.entries.map((e: { name: string }) => e.name)).toContain("李白");
    expect(changAn.entries.every((e: { kind: string }) => e.kind === "person")).toBe(true);
    const books = await get("/api/panorama/cn/panorama/book");
    const bianJing = books.body.data.groups.find(
      (g: { scene: { key: string } }) => g.scene.key === "bian-jing-bei-song",
    );
    expect(bianJing.entries.map((e: { name: string }) => e.name)).toContain("清明上河图");
  });

  it("answers bad input with a 4xx and a Chinese message", async () => {
    const edition = await get("/api/panorama/cn/panorama2099");
    expect(edition.status).toBe(400);
    expect(edition.body.message).toContain("panorama2022");
    const scene = await get("/api/panorama/cn/scene/no-such-scene");
    expect(scene.status).toBe(404);
    expect(scene.body.message).toBe("全景场景不存在");
    const width = await get(`/media/panorama/${OPEN}.jpg?w=333`);
    expect(width.status).toBe(400);
    expect(width.body.message).toContain("宽度只能是");
    const file = await get("/media/panorama/..%2Fetc.jpg");
    expect(file.status).toBe(400);
    const { browser } = await signedInReader(t.app);
    for (const body of [
      {},
      { code: "" },
      { code: "abc" },
      { code: "IIII-0000-OOOO" },
      { code: 12 },
    ]) {
      const res = await browser.post(REDEEM, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/兑换码/);
    }
  });

  it("needs an account to redeem: code 600 for an anonymous reader", async () => {
    const [code] = await codesFor(LOCKED);
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const res = await anonymous.post(REDEEM, { code });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 600 });
    // Without the CSRF token even a signed-in reader's call is refused.
    const { browser } = await signedInReader(t.app);
    const forged = await browser.rawPost(REDEEM, { code });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 419, message: "页面已过期，请刷新后重试" });
  });

  it("redeems a code once: the scene opens for that account, typed in any case and with spaces", async () => {
    const [code = ""] = await codesFor(LOCKED);
    const { browser } = await signedInReader(t.app);
    const typed = ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4, 8)}-${code.slice(8)} `;
    const res = await browser.post(REDEEM, { code: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      scope: { kind: "scene", edition: "panorama2022", sceneKey: LOCKED, title: "敦煌莫高窟" },
      scenes: [{ key: LOCKED, name: "敦煌莫高窟" }],
      message: "兑换成功：已解锁「敦煌莫高窟」",
    });
    const scene = (await browser.get(`/api/panorama/cn/scene/${LOCKED}`)).json().data;
    expect(scene.access).toBe("unlocked");
    expect(scene.hotspots.length).toBeGreaterThanOrEqual(3);
    const image = await browser.get(`/media/panorama/${LOCKED}.jpg?w=1024`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["cache-control"]).toContain("private");
    // Spent: the same account is told it used it; another account that it is used.
    const mine = await browser.post(REDEEM, { code });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toBe("你已经用过这个兑换码，对应场景已解锁");
    const other = await signedInReader(t.app);
    const theirs = await other.browser.post(REDEEM, { code });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe("兑换码已被使用");
    // And the other account's scene stays locked.
    const still = (await other.browser.get(`/api/panorama/cn/scene/${LOCKED}`)).json().data;
    expect(still.access).toBe("locked");
  });

  it("unlocks a whole edition with an edition code", async () => {
    const { codes } = await t.deps.services.panoramas.createCodes({
      count: 1,
      scope: "edition:panorama2022",
      days: 7,
    });
    const { browser } = await signedInReader(t.app);
    const res = await browser.post(REDEEM, { code: codes[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.scope).toMatchObject({ kind: "edition", title: "全景·丝路" });
    expect(res.json().data.scenes.map((s: { key: string }) => s.key)).toEqual([
      "mo-gao-ku-tang",
      "jia-yu-guan-ming",
    ]);
    const edition = (await browser.get("/api/panorama/cn/panorama2022")).json().data;
    expect(edition.scenes.map((s: { access: string }) => s.access)).toEqual([
      "open",
      "unlocked",
      "unlocked",
    ]);
  });

  it("says a code is unknown or expired", async () => {
    const { browser } = await signedInReader(t.app);
    const unknown = await browser.post(REDEEM, { code: "ABCD-EFGH-JKMN" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("兑换码不存在，请核对后重新输入");
    const [code = ""] = await codesFor("jia-yu-guan-ming");
    await t.deps.handle.db
      .updateTable("panorama_exchange_code")
      .set({ expires_at: "2024-01-31T16:00:00.000Z" })
      .where("redeemed_by", "is", null)
      .where("scope", "=", sceneScope("jia-yu-guan-ming"))
      .execute();
    const expired = await browser.post(REDEEM, { code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe("兑换码已过期（有效期至 2024年1月31日）");
  });

  it("never spends one code twice, however many redeem it at once", async () => {
    const [code] = await codesFor(LOCKED);
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInReader(t.app)));
    const results = await Promise.all(readers.map((r) => r.browser.post(REDEEM, { code })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const unlocks = await t.deps.handle.db
      .selectFrom("panorama_unlock")
      .select("owner_id")
      .where(
        "owner_id",
        "in",
        readers.map((r) => r.userId),
      )
      .execute();
    expect(unlocks).toHaveLength(1);
  });

  it("stops an account after too many wrong codes", async () => {
    const { browser } = await signedInReader(t.app);
    for (let i = 0; i < 8; i++) {
      const res = await browser.post(REDEEM, { code: `WRNG-CDEF-${2222 + i}` });
      expect(res.statusCode).toBe(404);
    }
    const [code] = await codesFor(LOCKED);
    const blocked = await browser.post(REDEEM, { code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("兑换码输错次数过多，请 15 分钟后再试");
  });
});
