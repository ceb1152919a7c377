import { describe, expect, it } from "vitest";
import {
  formatCountdown,
  livePath,
  livePlaylist,
  liveState,
  playlistSegments,
  recordingTitle,
  reminderDue,
  resumeAt,
  secondsUntil,
  sniffAudioFormat,
} from "./video-live.ts";

const schedule = { startsAt: "2026-05-01T12:00:00.000Z", endsAt: "2026-05-01T13:00:00.000Z" };

describe("liveState", () => {
  it("is 预告 before the start, 直播中 until the end, 回放 from the end", () => {
    expect(liveState(schedule, new Date("2026-05-01T11:59:59.999Z"))).toBe("预告");
    expect(liveState(schedule, new Date("2026-05-01T12:00:00.000Z"))).toBe("直播中");
    expect(liveState(schedule, new Date("2026-05-01T12:59:59.999Z"))).toBe("直播中");
    expect(liveState(schedule, new Date("2026-05-01T13:00:00.000Z"))).toBe("回放");
  });
});

describe("reminderDue", () => {
  it("is due from the lead time before the start until the end", () => {
    const at = (iso: string) => reminderDue(schedule, new Date(iso), 10);
    expect(at("2026-05-01T11:49:59.999Z")).toBe(false);
    expect(at("2026-05-01T11:50:00.000Z")).toBe(true);
    expect(at("2026-05-01T12:30:00.000Z")).toBe(true);
    expect(at("2026-05-01T13:00:00.000Z")).toBe(false);
    expect(reminderDue(schedule, new Date("2026-05-01T11:30:00.000Z"), 30)).toBe(true);
    expect(livePath("song-yuan-bing-li")).toBe("/wenshilivedetail/song-yuan-bing-li");
  });
});

describe("countdown", () => {
  it("counts whole seconds to the start, never below zero", () => {
    expect(secondsUntil(schedule.startsAt, new Date("2026-05-01T11:58:30.500Z"))).toBe(90);
    expect(secondsUntil(schedule.startsAt, new Date("2026-05-02T00:00:00.000Z"))).toBe(0);
  });
  it("formats days and a clock", () => {
    expect(formatCountdown(59)).toBe("00:00:59");
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe("03:04:05");
    expect(formatCountdown(2 * 86_400 + 3661)).toBe("2天 01:01:01");
    expect(formatCountdown(-5)).toBe("00:00:00");
  });
});

describe("resumeAt", () => {
  it("resumes from the saved second, but not at the very start or end", () => {
    expect(resumeAt(null, 28)).toBe(0);
    expect(resumeAt(2, 28)).toBe(0);
    expect(resumeAt(12.8, 28)).toBe(12);
    expect(resumeAt(26, 28)).toBe(0);
    expect(resumeAt(Number.NaN, 28)).toBe(0);
  });
});

describe("sniffAudioFormat", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p)] : p)));
  it("tells formats by their first bytes", () => {
    expect(sniffAudioFormat(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBe("wav");
    expect(sniffAudioFormat(bytes("OggS", [0, 2]))).toBe("ogg");
    expect(sniffAudioFormat(bytes([0, 0, 0, 0x20], "ftypM4A "))).toBe("m4a");
    expect(sniffAudioFormat(bytes("ID3", [4, 0]))).toBe("mp3");
    expect(sniffAudioFormat(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("mp3");
  });
  it("refuses what is not audio", () => {
    expect(sniffAudioFormat(bytes([0x89], "PNG"))).toBe(null);
    expect(sniffAudioFormat(bytes("RIFF", [0, 0, 0, 0], "AVI "))).toBe(null);
    expect(sniffAudioFormat(bytes([0, 0, 0, 0x20], "ftypqt  "))).toBe(null);
    expect(sniffAudioFormat(bytes("hello"))).toBe(null);
    expect(sniffAudioFormat(new Uint8Array())).toBe(null);
  });
});

describe("recordingTitle", () => {
  it("trims a reader's title and dates an empty one in Beijing time", () => {
    expect(recordingTitle("  读《论语》\u0007 ", new Date())).toBe("读《论语》");
    expect(recordingTitle("", new Date("2026-05-01T12:05:00Z"))).toBe("录音 5月1日 20:05");
  });
});

describe("a session's live stream", () => {
  const vod = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-TARGETDURATION:4",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    ...Array.from({ length: 7 }, (_, i) => [`#EXTINF:4.000000,`, `seg-00${i}.ts`]).flat(),
    "#EXT-X-ENDLIST",
  ].join("\n");
  const segments = playlistSegments(vod);
  const startsAt = "2026-11-28T12:00:00.000Z";
  const at = (seconds: number) => new Date(Date.parse(startsAt) + seconds * 1000);
  const live = (seconds: number) =>
    livePlaylist(segments, { startsAt, now: at(seconds), base: "/media/video/v" }) ?? "";
  const uris = (m3u8: string) => m3u8.split("\n").filter((l) => l.startsWith("/media/"));

  it("reads a video's segments and their lengths from its playlist", () => {
    expect(segments).toHaveLength(7);
    expect(segments[0]).toEqual({ uri: "seg-000.ts", seconds: 4 });
    expect(playlistSegments("#EXTM3U\n#EXT-X-ENDLIST\n")).toEqual([]);
    expect(livePlaylist([], { startsAt, now: at(0), base: "" })).toBeNull();
  });

  it("is a live playlist with no end: a window of the newest segments", () => {
    const m3u8 = live(0);
    expect(m3u8).not.toContain("#EXT-X-ENDLIST");
    expect(m3u8).not.toContain("PLAYLIST-TYPE");
    expect(m3u8).toContain("#EXT-X-TARGETDURATION:4");
    expect(m3u8).toContain("#EXT-X-MEDIA-SEQUENCE:0");
    expect(uris(m3u8)).toEqual([0, 1, 2, 3, 4].map((i) => `/media/video/v/seg-00${i}.ts`));
  });

  it("moves on with the clock: one segment later every four seconds, the same for everyone", () => {
    // Five segments (20 s) have played by 20 s: the window still starts at the first.
    expect(live(20)).toContain("#EXT-X-MEDIA-SEQUENCE:0");
    expect(live(23.9)).toContain("#EXT-X-MEDIA-SEQUENCE:0");
    expect(live(24)).toContain("#EXT-X-MEDIA-SEQUENCE:1");
    expect(live(28)).toContain("#EXT-X-MEDIA-SEQUENCE:2");
    expect(live(24)).toBe(live(24));
  });

  it("plays the video over again when it ends, marked as a discontinuity", () => {
    // 60 s in: the 15th segment (the second loop's end, then the third's first) is the newest.
    const m3u8 = live(60);
    expect(m3u8).toContain("#EXT-X-MEDIA-SEQUENCE:10");
    expect(m3u8).toContain("#EXT-X-DISCONTINUITY-SEQUENCE:1");
    expect(uris(m3u8).map((u) => u.slice(-10))).toEqual([
      "seg-003.ts",
      "seg-004.ts",
      "seg-005.ts",
      "seg-006.ts",
      "seg-000.ts",
    ]);
    const lines = m3u8.split("\n");
    expect(lines[lines.indexOf("/media/video/v/seg-000.ts") - 2]).toBe("#EXT-X-DISCONTINUITY");
    expect(m3u8.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
  });
});
