import { contentId } from "@tongjian/content/load-content";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const QING_MING = contentId("painting", "qing-ming-shang-he-tu");
const ZHANG_ZEDUAN = contentId("person", "zhang-zeduan");

describe.each(databaseTargets())("paintings and artists on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it("gives 清明上河图 with its facts, artist, linked entries and a 20,000-pixel tiled picture", async () => {
    const { status, body } = await get(`/api/painting/cn/detail/${QING_MING}`);
    expect(status).toBe(200);
    const p = body.data;
    expect(p).toMatchObject({
      title: "清明上河图",
      format: "卷",
      subject: "风俗",
      dynasty: "宋辽金",
    });
    expect(p.artists).toEqual([{ id: ZHANG_ZEDUAN, kind: "person", name: "张择端" }]);
    expect(p.about.map((a: { name: string }) => a.name)).toContain("开封");
    expect(p.picture.source).toBe("stand-in");
    expect(p.picture.width).toBeGreaterThanOrEqual(20000);
    expect(p.picture.width / p.picture.height).toBeCloseTo(p.size.width / p.size.height, 1);

    const tile = await t.app.inject({ url: `${p.picture.base}/0/10_1.jpg` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers["content-type"]).toBe("image/jpeg");
    expect(tile.headers["cache-control"]).toContain("immutable");
    const meta = await sharp(tile.rawPayload).metadata();
    expect(meta.width).toBe(512);
    const preview = await t.app.inject({ url: `${p.picture.base}/preview.jpg` });
    const pm = await sharp(preview.rawPayload).metadata();
    expect(pm.width).toBe(1024);
    expect(
      Math.abs((pm.height as number) - (1024 * p.picture.height) / p.picture.width),
    ).toBeLessThan(2);
    const thumb = await t.app.inject({ url: p.thumb });
    expect(thumb.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(360);
    expect((await t.app.inject({ url: `${p.picture.base}/poster.jpg` })).statusCode).toBe(400);
    // Article cards name the painting's picture without its version: they are sent on to it.
    const current = await t.app.inject({ url: `/media/painting/${QING_MING}/thumb.jpg` });
    expect(current.statusCode).toBe(302);
    expect(current.headers.location).toBe(p.thumb);
    const unknown = await t.app.inject({ url: `/media/painting/${"0".repeat(24)}/thumb.jpg` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("没有找到这幅画");
  });

  it("answers 404 for an unknown painting, artist or tile, and 400 for bad input", async () => {
    expect((await get(`/api/painting/cn/detail/${"0".repeat(24)}`)).status).toBe(404);
    expect((await get(`/api/painting/cn/artist/${"0".repeat(24)}`)).status).toBe(404);
    expect((await get("/api/painting/cn/detail/not-an-id")).status).toBe(400);
    expect((await get("/api/painting/cn/list?facet=dynasty&value=atlantis")).status).toBe(400);
    expect((await get("/api/painting/cn/list?facet=color")).status).toBe(400);
    expect((await get("/api/painting/cn/list?page=0")).status).toBe(400);
    expect((await get("/api/painting/cn/board/colour")).status).toBe(400);
    const base = (await get(`/api/painting/cn/detail/${QING_MING}`)).body.data.picture.base;
    expect((await t.app.inject({ url: `${base}/0/999_0.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${base}/30/0_0.jpg` })).statusCode).toBe(400);
    const wrongRev = base.replace(/\/[^/]+$/, "/zz9");
    expect((await t.app.inject({ url: `${wrongRev}/0/0_0.jpg` })).statusCode).toBe(404);
  });

  it("sorts by dynasty, subject and format, with counts that add up", async () => {
    const gallery = (await get("/api/painting/cn")).body.data;
    expect(gallery.total).toBeGreaterThanOrEqual(120);
    expect(gallery.artistCount).toBeGreaterThanOrEqual(60);
    for (const facet of ["dynasties", "subjects", "formats"] as const) {
      const sum = gallery[facet].reduce((n: number, f: { count: number }) => n + f.count, 0);
      expect(sum, facet).toBe(gallery.total);
    }
    const ming = (await get("/api/painting/cn/list?facet=dynasty&value=ming")).body.data;
    expect(ming.label).toBe("明");
    expect(ming.list.every((p: { dynasty: string }) => p.dynasty === "明")).toBe(true);
    const scrolls = (await get("/api/painting/cn/list?facet=format&value=juan&page=2")).body.data;
    expect(scrolls.page).toBe(2);
    expect(scrolls.list.every((p: { format: string }) => p.format === "卷")).toBe(true);
  });

  it("ranks paintings and artists by views, and shows an artist with works", async () => {
    // Suites before this one in the same worker may have viewed other paintings: view 清明上河图
    // until it and its artist lead by one.
    type Ranked = { id: string; rank: number; score: number };
    const scores = async (url: string) => {
      const list = (await get(url)).body.data.list as Ranked[];
      list.forEach((row, i) => {
        expect(row.rank).toBe(i + 1);
        if (i > 0) expect(row.score).toBeLessThanOrEqual((list[i - 1] as Ranked).score);
      });
      return list;
    };
    const lead = (list: Ranked[], id: string) =>
      (list[0]?.score ?? 0) - (list.find((row) => row.id === id)?.score ?? 0) + 1;
    const views = Math.max(
      lead(await scores("/api/painting/cn/board/views"), QING_MING),
      lead(await scores("/api/painting/cn/artists/board/views"), ZHANG_ZEDUAN),
    );
    for (let i = 0; i < views; i++) await get(`/api/painting/cn/detail/${QING_MING}`);
    const board = await scores("/api/painting/cn/board/views");
    expect(board[0]).toMatchObject({ id: QING_MING, rank: 1 });
    expect(board[0]!.score).toBeGreaterThan(board[1]!.score);
    const artists = await scores("/api/painting/cn/artists/board/views");
    expect(artists[0]).toMatchObject({ id: ZHANG_ZEDUAN, rank: 1 });
    expect(artists[0]!.score).toBeGreaterThan(artists[1]!.score);
    const artist = (await get(`/api/painting/cn/artist/${ZHANG_ZEDUAN}`)).body.data;
    expect(artist.name).toBe("张择端");
    expect(artist.paintings.map((p: { title: string }) => p.title)).toContain("清明上河图");
  });
});
