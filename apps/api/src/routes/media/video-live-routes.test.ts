import { randomInt } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { AUDIO_UPLOAD_MAX_BYTES } from "@tongjian/domain/video-live";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const VIDEO = "qin-han-da-shi";

/** A PCM WAV file of silence: `seconds` long at 8 kHz, 8-bit mono (8,000 bytes a second). */
export function silentWav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

function multipart(data: Buffer, filename: string, type: string, title?: string) {
  const boundary = `----tj${randomInt(0, 10 ** 9)}`;
  const titlePart = title
    ? `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`
    : "";
  const head = Buffer.from(
    `${titlePart}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databaseTargets())("videos, live sessions and recordings on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let uploadDir: string;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", CONTENT_DIR: "content" });
    uploadDir = join(t.deps.config.uploads.dir, "audio-upload");
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const storedFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir).length : 0);

  it("lists the sample videos, each labelled as a sample with its playlist, captions and poster", async () => {
    const res = await get("/api/video/n/list");
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const video of list) {
      expect(video.sample).toBe(true);
      expect(video.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(video.durationSeconds).toBeLessThanOrEqual(40);
      expect(video.playlistUrl).toBe(`/media/video/${video.id}/index.m3u8`);
    }
    const young = (await get("/api/video/n/list?young=1")).json().data.list;
    expect(young.length).toBeGreaterThan(0);
    expect(young.length).toBeLessThan(list.length);
  });

  it("serves the playlist, segments, captions and poster with their types and caching", async () => {
    const playlist = await get(`/media/video/${VIDEO}/index.m3u8`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(playlist.headers["cache-control"]).toMatch(/max-age=\d+/);
    expect(playlist.headers["accept-ranges"]).toBe("bytes");
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segments = playlist.body.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments.length).toBeGreaterThan(3);
    const segment = await get(`/media/video/${VIDEO}/${segments[0]}`);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers["content-type"]).toBe("video/mp2t");
    expect(segment.headers["cache-control"]).toBe("public, max-age=86400");
    // MPEG-TS packets start with the sync byte 0x47 every 188 bytes.
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload[188]).toBe(0x47);
    const captions = await get(`/media/video/${VIDEO}/captions.zh.vtt`);
    expect(captions.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(captions.body).toMatch(/^WEBVTT/);
    expect(captions.body).toContain("秦灭六国");
    const poster = await get(`/media/video/${VIDEO}/poster.jpg`);
    expect(poster.headers["content-type"]).toBe("image/jpeg");
  });

  it("answers byte ranges with 206 and ranges past the end with 416", async () => {
    const whole = await get(`/media/video/${VIDEO}/seg-001.ts`);
    const size = whole.rawPayload.length;
    const part = await get(`/media/video/${VIDEO}/seg-001.ts`, { range: "bytes=188-375" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 188-375/${size}`);
    expect(part.rawPayload.length).toBe(188);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(188, 376))).toBe(true);
    const tail = await get(`/media/video/${VIDEO}/seg-001.ts`, { range: "bytes=-100" });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    const bad = await get(`/media/video/${VIDEO}/seg-001.ts`, { range: `bytes=${size}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${size}`);
    expect(bad.json().message).toBe("请求的视频范围无效");
  });

  it("answers 404 for unknown videos and files, and 400 for malformed ids", async () => {
    expect((await get("/api/video/n/video/wu-ci-shi-pin")).statusCode).toBe(404);
    expect((await get("/api/video/n/video/Bad_Id!")).statusCode).toBe(400);
    expect((await get("/media/video/wu-ci-shi-pin/index.m3u8")).statusCode).toBe(404);
    expect((await get(`/media/video/${VIDEO}/seg-999.ts`)).statusCode).toBe(404);
    expect((await get(`/media/video/${VIDEO}/catalogue.json`)).statusCode).toBe(404);
    expect((await get(`/media/video/${VIDEO}/..%2F..%2Fpackage.json`)).statusCode).toBe(404);
    expect((await get("/api/live/n/session/wu-ci-zhi-bo")).statusCode).toBe(404);
  });

  it("keeps a signed-in reader's position and refuses it to anonymous readers", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const refused = await anonymous.post("/api/video/y/progress", {
      videoId: VIDEO,
      positionSeconds: 12,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(600);
    const { browser } = await signedInReader(t.app);
    expect((await browser.get(`/api/video/n/video/${VIDEO}`)).json().data.resumeSeconds).toBe(null);
    const saved = await browser.post("/api/video/y/progress", {
      videoId: VIDEO,
      positionSeconds: 12.7,
    });
    expect(saved.json().data).toEqual({ videoId: VIDEO, positionSeconds: 12 });
    expect((await browser.get(`/api/video/n/video/${VIDEO}`)).json().data.resumeSeconds).toBe(12);
    const unknown = await browser.post("/api/video/y/progress", {
      videoId: "wu-ci-shi-pin",
      positionSeconds: 3,
    });
    expect(unknown.statusCode).toBe(404);
    const negative = await browser.post("/api/video/y/progress", {
      videoId: VIDEO,
      positionSeconds: -1,
    });
    expect(negative.statusCode).toBe(400);
  });

  it("lists both channels' sessions in all three states, each replay or stream a sample video", async () => {
    for (const channel of ["wenshi", "young"]) {
      const res = await get(`/api/live/n/list?channel=${channel}`);
      expect(res.statusCode).toBe(200);
      const list = res.json().data.list as { state: string; video: unknown; channel: string }[];
      expect(new Set(list.map((s) => s.state))).toEqual(new Set(["预告", "直播中", "回放"]));
      expect(list.every((s) => s.channel === channel)).toBe(true);
      expect(list[0]?.state).toBe("直播中");
      for (const s of list) expect(s.video === null).toBe(s.state === "预告");
    }
    expect((await get("/api/live/n/list?channel=other")).statusCode).toBe(400);
  });

  it("streams a session on air as a live playlist from the video's segments, and nothing else", async () => {
    const list = (await get("/api/live/n/list?channel=wenshi")).json().data.list as {
      key: string;
      state: string;
      streamUrl: string | null;
      video: { id: string } | null;
    }[];
    const onAir = list.find((s) => s.state === "直播中");
    expect(onAir?.streamUrl).toBe(`/api/live/n/stream/${onAir?.key}/index.m3u8`);
    for (const s of list) expect(s.streamUrl === null).toBe(s.state !== "直播中");

    const res = await get(onAir?.streamUrl ?? "");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.apple.mpegurl");
    expect(res.headers["cache-control"]).toContain("no-cache");
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).not.toContain("#EXT-X-ENDLIST");
    expect(Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(res.body)?.[1])).toBeGreaterThanOrEqual(0);
    const segments = res.body.split("\n").filter((line) => line.endsWith(".ts"));
    expect(segments.length).toBeGreaterThan(0);
    // Each segment is one of the session's video's own, served as the video's files are.
    for (const uri of segments)
      expect(uri).toMatch(new RegExp(`^/media/video/${onAir?.video?.id}/seg-\\d{3}\\.ts$`));
    expect((await get(segments[0] ?? "")).statusCode).toBe(200);

    // Before its start and after its end a session has no live stream.
    for (const state of ["预告", "回放"]) {
      const other = list.find((s) => s.state === state);
      const refused = await get(`/api/live/n/stream/${other?.key}/index.m3u8`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe("这场直播不在直播中");
    }
    expect((await get("/api/live/n/stream/no-such-session/index.m3u8")).statusCode).toBe(404);
    expect((await get("/api/live/n/stream/Bad_Key!/index.m3u8")).statusCode).toBe(400);
  });

  it("signs a reader up for a coming session's reminder, and only a signed-in one", async () => {
    const list = (await get("/api/live/n/list?channel=wenshi")).json().data.list;
    const coming = list.find((s: { state: string }) => s.state === "预告");
    const ended = list.find((s: { state: string }) => s.state === "回放");
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const refused = await anonymous.post("/api/live/y/reminder", { key: coming.key, remind: true });
    expect(refused.json().code).toBe(600);
    const { browser } = await signedInReader(t.app);
    const signed = await browser.post("/api/live/y/reminder", { key: coming.key, remind: true });
    expect(signed.json().data).toEqual({
      key: coming.key,
      reminded: true,
      reminderCount: coming.reminderCount + 1,
      reminderState: "待提醒",
    });
    const again = await browser.get(`/api/live/n/session/${coming.key}`);
    expect(again.json().data).toMatchObject({ reminded: true, state: "预告" });
    expect(again.json().data.startsInSeconds).toBeGreaterThan(0);
    const cancelled = await browser.post("/api/live/y/reminder", {
      key: coming.key,
      remind: false,
    });
    expect(cancelled.json().data.reminded).toBe(false);
    const late = await browser.post("/api/live/y/reminder", { key: ended.key, remind: true });
    expect(late.statusCode).toBe(409);
    const unknown = await browser.post("/api/live/y/reminder", {
      key: "wu-ci-zhi-bo",
      remind: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("stores a recording, lists it and plays it to its owner only, with ranges", async () => {
    const { browser } = await signedInReader(t.app);
    const wav = silentWav(2.5);
    const { body, headers } = multipart(wav, "读书.wav", "audio/wav", "《论语》学而篇");
    const res = await browser.post("/api/audio/y/upload", body, headers);
    expect(res.statusCode).toBe(200);
    const rec = res.json().data;
    expect(rec).toMatchObject({
      title: "《论语》学而篇",
      format: "wav",
      contentType: "audio/wav",
      bytes: wav.length,
      durationMs: 2500,
    });
    const list = (await browser.get("/api/audio/y/list")).json().data.list;
    expect(list.map((r: { id: string }) => r.id)).toEqual([rec.id]);
    const file = await browser.get(rec.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/wav");
    expect(file.rawPayload.equals(wav)).toBe(true);
    const part = await browser.get(rec.url, { range: "bytes=0-43" });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString("ascii", 0, 4)).toBe("RIFF");
    const other = await signedInReader(t.app);
    expect((await other.browser.get(rec.url)).statusCode).toBe(404);
    expect((await get(rec.url)).statusCode).toBe(401);
  });

  it("refuses wrong types, files too large or too long, and anonymous uploads, storing nothing", async () => {
    const { browser } = await signedInReader(t.app);
    const before = await t.deps.services.audioUploads.count();
    const filesBefore = storedFiles();
    const refuse = async (data: Buffer, name: string, type: string) => {
      const { body, headers } = multipart(data, name, type);
      const res = await browser.post("/api/audio/y/upload", body, headers);
      return { status: res.statusCode, message: res.json().message as string };
    };
    // A picture named and declared as an MP3.
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expect(await refuse(Buffer.concat([png, Buffer.alloc(2000)]), "歌.mp3", "audio/mpeg")).toEqual({
      status: 415,
      message: "不支持的文件类型，请上传 WAV、MP3、M4A 或 OGG 格式的录音",
    });
    // A WAV header whose data is cut off cannot be read.
    const broken = silentWav(2).subarray(0, 30);
    expect((await refuse(broken, "坏.wav", "audio/wav")).status).toBe(415);
    const long = await refuse(silentWav(200), "长.wav", "audio/wav");
    expect(long.status).toBe(413);
    expect(long.message).toMatch(/^录音不能超过 3 分钟/);
    const large = await refuse(
      silentWav(AUDIO_UPLOAD_MAX_BYTES / 8000 + 10, 8000),
      "大.wav",
      "audio/wav",
    );
    expect(large).toEqual({ status: 413, message: "录音不能超过 8 MB" });
    const short = await refuse(silentWav(0.2), "短.wav", "audio/wav");
    expect(short).toEqual({ status: 400, message: "录音太短了，至少 1 秒" });
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const { body, headers } = multipart(silentWav(2), "a.wav", "audio/wav");
    const res = await anonymous.post("/api/audio/y/upload", body, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(600);
    expect(await t.deps.services.audioUploads.count()).toBe(before);
    expect(storedFiles()).toBe(filesBefore);
    expect((await browser.get("/api/audio/y/list")).json().data.list).toEqual([]);
  });

  it("deletes a recording with its file", async () => {
    const { browser } = await signedInReader(t.app);
    const { body, headers } = multipart(silentWav(1.5), "a.wav", "audio/wav");
    const rec = (await browser.post("/api/audio/y/upload", body, headers)).json().data;
    const filesBefore = storedFiles();
    const other = await signedInReader(t.app);
    const notTheirs = await other.browser.post("/api/audio/y/delete", { id: rec.id });
    expect(notTheirs.statusCode).toBe(404);
    expect(storedFiles()).toBe(filesBefore);
    const res = await browser.post("/api/audio/y/delete", { id: rec.id });
    expect(res.statusCode).toBe(200);
    expect(storedFiles()).toBe(filesBefore - 1);
    expect((await browser.get(rec.url)).statusCode).toBe(404);
  });
});
