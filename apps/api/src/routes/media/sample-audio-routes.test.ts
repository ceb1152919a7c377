import { SAMPLE_AUDIO } from "@tongjian/services/media/sample-audio.server";
import {
  composeMelody,
  PENTATONIC_DEGREES,
  SAMPLE_RATE,
  TONIC_LOWEST_MIDI,
} from "@tongjian/services/media/sample-audio-synth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-app.ts";
import { SAMPLE_AUDIO_LIST_PATH } from "./sample-audio-routes.ts";

interface ListedSample {
  key: string;
  name: string;
  songName: string;
  author: string;
  duration: number;
  musicUrl: string;
  preview: boolean;
  synthetic: boolean;
}

describe("sample audio", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ databaseUrl: undefined, redisUrl: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async () => {
    const res = await t.app.inject({ method: "GET", url: SAMPLE_AUDIO_LIST_PATH });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; data: { list: ListedSample[] } };
    expect(body.code).toBe(200);
    return body.data.list;
  };

  it("lists three samples whose titles say they are synthetic", async () => {
    const samples = await list();
    expect(samples).toHaveLength(3);
    for (const s of samples) {
      expect(s.name).toMatch(/^示例旋律.（合成音频/);
      expect(s.songName).toBe(s.name);
      expect(s.author).toContain("合成");
      expect(s.synthetic).toBe(true);
      expect(s.musicUrl).toBe(`/media/sample-audio/${s.key}.wav`);
      expect(s.duration).toBeGreaterThanOrEqual(8);
      expect(s.duration).toBeLessThanOrEqual(15);
    }
    expect(samples.filter((s) => s.preview).map((s) => s.name)).toEqual([
      "示例旋律三（合成音频·试听片段）",
    ]);
  });

  it("serves each sample as a 22050 Hz mono 16-bit PCM WAV as long as its listed duration", async () => {
    for (const sample of await list()) {
      const res = await t.app.inject({ method: "GET", url: sample.musicUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("audio/wav");
      expect(res.headers["cache-control"]).toBe("public, max-age=86400");
      expect(res.headers["accept-ranges"]).toBe("bytes");
      const wav = res.rawPayload;
      const dataBytes = sample.duration * SAMPLE_RATE * 2;
      expect(wav.byteLength).toBe(44 + dataBytes);
      expect(Number(res.headers["content-length"])).toBe(wav.byteLength);
      expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
      expect(wav.readUInt32LE(4)).toBe(wav.byteLength - 8);
      expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
      expect(wav.toString("ascii", 12, 16)).toBe("fmt ");
      expect(wav.readUInt32LE(16)).toBe(16);
      expect(wav.readUInt16LE(20)).toBe(1); // PCM
      expect(wav.readUInt16LE(22)).toBe(1); // mono
      expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
      expect(wav.readUInt32LE(28)).toBe(SAMPLE_RATE * 2);
      expect(wav.readUInt16LE(32)).toBe(2);
      expect(wav.readUInt16LE(34)).toBe(16);
      expect(wav.toString("ascii", 36, 40)).toBe("data");
      expect(wav.readUInt32LE(40)).toBe(dataBytes);

      // Audible, not clipped, and silent at the very end (no click when it stops).
      let peak = 0;
      for (let i = 44; i < wav.byteLength; i += 2)
        peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
      expect(peak).toBeGreaterThan(20_000);
      expect(peak).toBeLessThan(32_767);
      expect(Math.abs(wav.readInt16LE(wav.byteLength - 2))).toBeLessThan(200);
    }
  });

  it("gives the same bytes for a name every time and different melodies for different names", async () => {
    const get = async (url: string) => (await t.app.inject({ method: "GET", url })).rawPayload;
    const [a, again, b] = await Promise.all([
      get("/media/sample-audio/gong.wav"),
      get("/media/sample-audio/gong.wav"),
      get("/media/sample-audio/zhi.wav"),
    ]);
    expect(again.equals(a)).toBe(true);
    expect(b.subarray(44, 44 + 20_000).equals(a.subarray(44, 44 + 20_000))).toBe(false);
  });

  it("answers byte ranges so that the player can seek", async () => {
    const whole = (await t.app.inject({ method: "GET", url: "/media/sample-audio/yu.wav" }))
      .rawPayload;
    const head = await t.app.inject({
      method: "GET",
      url: "/media/sample-audio/yu.wav",
      headers: { range: "bytes=0-43" },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers["content-range"]).toBe(`bytes 0-43/${whole.byteLength}`);
    expect(head.rawPayload.equals(whole.subarray(0, 44))).toBe(true);

    const rest = await t.app.inject({
      method: "GET",
      url: "/media/sample-audio/yu.wav",
      headers: { range: "bytes=100000-" },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(whole.subarray(100_000))).toBe(true);

    const beyond = await t.app.inject({
      method: "GET",
      url: "/media/sample-audio/yu.wav",
      headers: { range: `bytes=${whole.byteLength}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${whole.byteLength}`);
    expect(beyond.json()).toEqual({ code: 416, message: "请求的音频范围无效", data: null });
  });

  it("answers an unknown name with a 404 envelope in Chinese", async () => {
    const res = await t.app.inject({ method: "GET", url: "/media/sample-audio/guqin.wav" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ code: 404, message: "示例音频不存在", data: null });
  });
});

describe("sample melodies", () => {
  const toMidi = (hz: number) => Math.round(69 + 12 * Math.log2(hz / 440));
  const scale = new Set<number>(Object.values(PENTATONIC_DEGREES));

  it.each(SAMPLE_AUDIO.map((s) => [s.key, s] as const))(
    "%s stays on the pentatonic scale 宫商角徵羽 and ends on its mode",
    (_key, sample) => {
      const notes = composeMelody({ seed: sample.key, seconds: sample.seconds, mode: sample.mode });
      expect(notes.length).toBeGreaterThanOrEqual(5);
      const pitches = notes.map((n) => toMidi(n.frequency));
      const final = pitches[pitches.length - 1] ?? 0;
      // Some 宫 makes every note a scale degree and the last one the mode.
      const candidates = Array.from({ length: 8 }, (_, i) => TONIC_LOWEST_MIDI + i);
      const tonics = candidates.filter(
        (tonic) =>
          pitches.every((p) => scale.has((((p - tonic) % 12) + 12) % 12)) &&
          (((final - tonic) % 12) + 12) % 12 === PENTATONIC_DEGREES[sample.mode],
      );
      expect(tonics.length).toBeGreaterThan(0);
      const last = notes[notes.length - 1];
      expect((last?.startS ?? 0) + (last?.lengthS ?? 0)).toBeLessThanOrEqual(sample.seconds);
    },
  );
});
