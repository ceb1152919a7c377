import { musicId } from "@tongjian/content/music-content";
import { MUSIC_AUDIO_LICENCE, MUSIC_BOARDS } from "@tongjian/domain/music";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const MO_LI_HUA = musicId("piece", "mo-li-hua");
const YANG_GUAN = musicId("piece", "yang-guan-san-die");
const UNKNOWN = "0123456789abcdef01234567";

interface Track {
  id: string;
  name: string;
  author: string;
  musicUrl: string;
  duration: number;
  plays: number;
  likes: number;
  genre: string;
  synthetic: boolean;
  notationKind: string;
}

describe.each(databaseTargets())("music on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it("gives the landing: the first featured piece in focus, every genre, boards and playlists", async () => {
    const { status, body } = await get("/api/music/cn/landing");
    expect(status).toBe(200);
    expect(body.data.featured.id).toBe(musicId("piece", "guang-ling-san"));
    expect(body.data.featured.label).toBe("合成");
    expect(body.data.featured.licence).toBe(MUSIC_AUDIO_LICENCE);
    expect(body.data.genres.map((g: { genre: string }) => g.genre)).toEqual([
      "古琴曲",
      "民歌",
      "戏曲选段",
      "文史歌曲",
      "器乐曲",
    ]);
    expect(body.data.boards.map((b: { key: string }) => b.key)).toEqual(
      MUSIC_BOARDS.map((b) => b.key),
    );
    expect(body.data.playlists.length).toBeGreaterThanOrEqual(5);

    const focused = await get(`/api/music/cn/landing?id=${YANG_GUAN}`);
    expect(focused.body.data.featured).toMatchObject({
      name: "阳关三叠",
      author: "王维 / 历代琴家",
      lyricsSource: "王维《送元二使安西》",
      notation: { kind: "示意", key: "F", meter: "4/4" },
    });
    expect(focused.body.data.featured.lyrics[0]).toBe("渭城朝雨浥轻尘，客舍青青柳色新。");
    expect(focused.body.data.featured.entries.map((e: { name: string }) => e.name)).toContain(
      "王维",
    );
    expect(focused.body.data.highlights.some((p: Track) => p.id === YANG_GUAN)).toBe(false);
  });

  it("lists every piece a page at a time, and a genre's", async () => {
    const first = await get("/api/music/cn/pieces?size=20");
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, size: 20, hasMore: true });
    expect(first.body.data.total).toBeGreaterThanOrEqual(40);
    const last = await get(
      `/api/music/cn/pieces?size=20&page=${Math.ceil(first.body.data.total / 20)}`,
    );
    expect(last.body.data.hasMore).toBe(false);
    const ids = new Set<string>();
    for (let page = 1; page <= Math.ceil(first.body.data.total / 20); page += 1)
      for (const p of (await get(`/api/music/cn/pieces?size=20&page=${page}`)).body.data
        .list as Track[])
        ids.add(p.id);
    expect(ids.size).toBe(first.body.data.total);
    const opera = await get(`/api/music/cn/pieces?genre=${encodeURIComponent("戏曲选段")}`);
    expect(opera.body.data.list.every((p: Track) => p.genre === "戏曲选段")).toBe(true);
    expect(opera.body.data.total).toBe(6);
    const bad = await get(`/api/music/cn/pieces?genre=${encodeURIComponent("摇滚")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("类别只能是");
    expect((await get("/api/music/cn/pieces?size=500")).status).toBe(400);
  });

  it("answers unknown ids with 404 and malformed input with a clear 400", async () => {
    for (const url of [
      `/api/music/cn/pieces/${UNKNOWN}`,
      `/api/music/cn/performers/${UNKNOWN}`,
      `/api/music/cn/playlists/${UNKNOWN}`,
      `/api/music/cn/landing?id=${UNKNOWN}`,
      `/media/music/${UNKNOWN}.wav`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe(404);
    }
    const bad = await get("/api/music/cn/pieces/not-an-id");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("编号应为 24 位十六进制字符");
    expect((await get("/api/music/cn/boards/nope")).body.message).toContain("榜单不存在");
    expect((await get("/api/music/en/boards")).status).toBe(400);
    expect((await get("/media/music/whatever.mp3")).status).toBe(400);
  });

  it("serves a piece's synthesised WAV whole, and a byte range as 206", async () => {
    const whole = await t.app.inject({ url: `/media/music/${MO_LI_HUA}.wav` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/wav");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    const body = whole.rawPayload;
    expect(body.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(body.subarray(8, 12).toString("ascii")).toBe("WAVE");
    const { body: piece } = await get(`/api/music/cn/pieces/${MO_LI_HUA}`);
    // The listed duration is the file's: 22 050 samples a second, two bytes each.
    expect((body.byteLength - 44) / (22_050 * 2)).toBe(piece.data.duration);

    const part = await t.app.inject({
      url: `/media/music/${MO_LI_HUA}.wav`,
      headers: { range: "bytes=100-1099" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-1099/${body.byteLength}`);
    expect(part.rawPayload.equals(body.subarray(100, 1100))).toBe(true);

    const tail = await t.app.inject({
      url: `/media/music/${MO_LI_HUA}.wav`,
      headers: { range: "bytes=-10" },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(body.subarray(body.byteLength - 10))).toBe(true);

    const outside = await t.app.inject({
      url: `/media/music/${MO_LI_HUA}.wav`,
      headers: { range: `bytes=${body.byteLength + 5}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${body.byteLength}`);

    // The same file again is not rendered afresh: same validator, and 304 when it is sent.
    const again = await t.app.inject({
      url: `/media/music/${MO_LI_HUA}.wav`,
      headers: { "if-none-match": String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("counts plays, and the 热播榜 ranks by them", async () => {
    const reader = testBrowser(t.app, { address: newAddress() });
    const before = (await get(`/api/music/cn/pieces/${YANG_GUAN}`)).body.data.plays as number;
    for (let i = 0; i < 3; i += 1) {
      const res = await reader.post(`/api/music/cn/pieces/${YANG_GUAN}/play`);
      expect(res.statusCode).toBe(200);
    }
    const after = (await get(`/api/music/cn/pieces/${YANG_GUAN}`)).body.data.plays as number;
    expect(after).toBe(before + 3);
    const hot = await get("/api/music/cn/boards/hot");
    const list = hot.body.data.list as Track[];
    expect(list.length).toBe(20);
    for (let i = 1; i < list.length; i += 1)
      expect(list[i - 1]?.plays ?? 0).toBeGreaterThanOrEqual(list[i]?.plays ?? 0);
    expect(list[0]?.plays).toBeGreaterThanOrEqual(after);
    expect((await reader.post(`/api/music/cn/pieces/${UNKNOWN}/play`)).statusCode).toBe(404);
  });

  it("ranks the genre boards within their genre and the 新曲榜 by date", async () => {
    const guqin = (await get("/api/music/cn/boards/guqin")).body.data.list as Track[];
    expect(guqin.length).toBeGreaterThan(5);
    expect(guqin.every((p) => p.genre === "古琴曲")).toBe(true);
    const newest = (await get("/api/music/cn/boards/new")).body.data.list as (Track & {
      added: string;
    })[];
    for (let i = 1; i < newest.length; i += 1)
      expect(newest[i - 1]?.added.localeCompare(newest[i]?.added ?? "")).toBeGreaterThanOrEqual(0);
    const boards = (await get("/api/music/cn/boards")).body.data.boards as { top: Track[] }[];
    expect(boards.every((b) => b.top.length === 3)).toBe(true);
  });

  it("likes need an account; a like counts once and the 点赞榜 follows", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const refused = await anonymous.post(`/api/music/y/pieces/${MO_LI_HUA}/like`, { like: true });
    expect(refused.json()).toMatchObject({ code: 600 });

    const { browser } = await signedInReader(t.app);
    const first = await browser.post(`/api/music/y/pieces/${MO_LI_HUA}/like`, { like: true });
    expect(first.json().data.liked).toBe(true);
    const count = first.json().data.likeNum as number;
    const twice = await browser.post(`/api/music/y/pieces/${MO_LI_HUA}/like`, { like: true });
    expect(twice.json().data.likeNum).toBe(count);
    const status = await browser.get(`/api/music/cn/pieces/${MO_LI_HUA}/like`);
    expect(status.json().data).toEqual({ liked: true, likeNum: count });
    const board = (await get("/api/music/cn/boards/like")).body.data.list as Track[];
    expect(board[0]?.likes).toBeGreaterThanOrEqual(count);
    expect(board.find((p) => p.id === MO_LI_HUA)?.likes).toBe(count);

    const bad = await browser.post(`/api/music/y/pieces/${MO_LI_HUA}/like`, { like: "yes" });
    expect(bad.statusCode).toBe(400);
    const undo = await browser.post(`/api/music/y/pieces/${MO_LI_HUA}/like`, { like: false });
    expect(undo.json().data).toEqual({ liked: false, likeNum: count - 1 });
  });

  it("gives a performer's pieces and a playlist's pieces in order", async () => {
    const performer = await get(`/api/music/cn/performers/${musicId("performer", "li-bai")}`);
    expect(performer.status).toBe(200);
    expect(performer.body.data.entry).toMatchObject({ kind: "person", name: "李白" });
    expect(performer.body.data.pieces.map((p: Track) => p.name)).toEqual(["关山月", "秋风词"]);
    const list = await get(`/api/music/cn/playlists/${musicId("playlist", "qin-ge-shi-ci")}`);
    expect(list.body.data.pieces.map((p: Track) => p.name).slice(0, 2)).toEqual([
      "阳关三叠",
      "关山月",
    ]);
    expect(
      list.body.data.pieces.every((p: Track) => p.synthetic && p.musicUrl.endsWith(".wav")),
    ).toBe(true);
  });
});
