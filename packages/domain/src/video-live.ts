/**
 * Videos, live sessions and recordings (issue 19 §4–5): the rules the server and the pages share.
 */

/** A live session's state, from its schedule and the server's clock only. */
export type LiveState = "预告" | "直播中" | "回放";

export const LIVE_STATES: readonly LiveState[] = ["预告", "直播中", "回放"];

/** 预告 before the start, 直播中 from the start until the end, 回放 from the end on. */
export function liveState(schedule: { startsAt: string; endsAt: string }, now: Date): LiveState {
  const t = now.getTime();
  if (t < Date.parse(schedule.startsAt)) return "预告";
  if (t < Date.parse(schedule.endsAt)) return "直播中";
  return "回放";
}

/** A session's page (both channels' sessions open there). */
export const livePath = (key: string) => `/wenshilivedetail/${key}`;

/** How long before a session's start its reminders go out, unless configured otherwise. */
export const LIVE_REMINDER_LEAD_MINUTES = 10;
/** How many times a reminder's WeChat message is tried before the job gives up on it. */
export const LIVE_REMINDER_MAX_ATTEMPTS = 3;

/** A signed-up reader's reminder as the detail page shows it. */
export type LiveReminderState = "待提醒" | "已提醒";

/**
 * Whether a session's reminders are due at `now`: from `leadMinutes` before its start until it
 * ends (a session found already on air still reminds those not yet reminded).
 */
export function reminderDue(
  schedule: { startsAt: string; endsAt: string },
  now: Date,
  leadMinutes: number,
): boolean {
  const t = now.getTime();
  return (
    t >= Date.parse(schedule.startsAt) - leadMinutes * 60_000 && t < Date.parse(schedule.endsAt)
  );
}

/** Whole seconds from `now` until `at`, never below zero. */
export function secondsUntil(at: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now.getTime()) / 1000));
}

/** A countdown as the page shows it: `2天 03:04:05`, or `03:04:05` under a day. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/**
 * Where a video resumes: the saved position, unless it is too near the start to matter or so
 * near the end that the reader had finished (then from the start).
 */
export function resumeAt(saved: number | null, duration: number): number {
  if (saved === null || !Number.isFinite(saved) || saved < 3) return 0;
  if (duration > 0 && saved > duration - 3) return 0;
  return Math.floor(saved);
}

/** What an uploaded recording may be (issue 19 §5). */
export const AUDIO_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const AUDIO_UPLOAD_MAX_SECONDS = 180;
export const AUDIO_UPLOAD_MIN_SECONDS = 1;
/** How many recordings one reader may keep. */
export const AUDIO_UPLOAD_MAX_PER_READER = 20;

export type AudioFormat = "wav" | "mp3" | "m4a" | "ogg";

export const AUDIO_FORMATS: Record<AudioFormat, { contentType: string; label: string }> = {
  wav: { contentType: "audio/wav", label: "WAV" },
  mp3: { contentType: "audio/mpeg", label: "MP3" },
  m4a: { contentType: "audio/mp4", label: "M4A" },
  ogg: { contentType: "audio/ogg", label: "OGG" },
};

/** The format the first bytes of a file show (its name and declared type are not trusted). */
export function sniffAudioFormat(head: Uint8Array): AudioFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (head.length >= 4 && ascii(0, 4) === "OggS") return "ogg";
  if (head.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (["M4A ", "M4B ", "mp42", "isom", "mp41", "iso2", "dash"].includes(brand)) return "m4a";
    return null;
  }
  if (head.length >= 3 && ascii(0, 3) === "ID3") return "mp3";
  // An MPEG audio frame header: 11 sync bits, layer III.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) {
    const layer = ((head[1] ?? 0) >> 1) & 0x03;
    if (layer === 0x01) return "mp3";
  }
  return null;
}

/** A reader's title for a recording: trimmed, at most 40 characters, or a dated default. */
export function recordingTitle(raw: string | undefined, createdAt: Date): string {
  const cleaned = [...(raw ?? "")]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 40);
  if (cleaned) return cleaned;
  const d = new Date(createdAt.getTime() + 8 * 3600_000);
  return `录音 ${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/** One media segment of a video's HLS playlist: its file and its length in seconds. */
export interface MediaSegment {
  uri: string;
  seconds: number;
}

/**
 * The segments of a video-on-demand HLS playlist (our own `index.m3u8`: `#EXTINF:<seconds>,`
 * lines each followed by the segment's file), in order. Anything else in it is skipped.
 */
export function playlistSegments(m3u8: string): MediaSegment[] {
  const segments: MediaSegment[] = [];
  let seconds: number | null = null;
  for (const raw of m3u8.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXTINF:")) {
      const value = Number.parseFloat(line.slice("#EXTINF:".length));
      seconds = Number.isFinite(value) && value > 0 ? value : null;
    } else if (line && !line.startsWith("#") && seconds !== null) {
      segments.push({ uri: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/** How many segments a live playlist offers at a time (players start three from its end). */
export const LIVE_WINDOW_SEGMENTS = 5;

/**
 * A live HLS playlist (no end, a sliding window) of a session on air, for `now`: the session's
 * video plays from its start time on and over again from its first segment when it ends
 * (marked as a discontinuity), so every viewer sees the same moment of the broadcast, wherever
 * they join, and a player keeps asking for the newest segments. `base` is put before each
 * segment's file. Null when the video has no segments.
 */
export function livePlaylist(
  segments: readonly MediaSegment[],
  options: { startsAt: string; now: Date; base: string; window?: number },
): string | null {
  const count = segments.length;
  if (count === 0) return null;
  const loop = segments.reduce((sum, s) => sum + s.seconds, 0);
  const window = Math.max(1, options.window ?? LIVE_WINDOW_SEGMENTS);
  const elapsed = Math.max(0, (options.now.getTime() - Date.parse(options.startsAt)) / 1000);
  // The last segment finished by now, counting segments over every loop so far (at least a
  // whole window's worth, so a player joining at the start has something to buffer).
  const loops = Math.floor(elapsed / loop);
  let edge = loops * count - 1;
  let played = loops * loop;
  for (const segment of segments) {
    if (played + segment.seconds > elapsed) break;
    played += segment.seconds;
    edge += 1;
  }
  edge = Math.max(edge, window - 1);
  const first = edge - window + 1;
  const target = Math.ceil(Math.max(...segments.map((s) => s.seconds)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`,
  ];
  for (let n = first; n <= edge; n++) {
    const segment = segments[n % count] as MediaSegment;
    if (n > first && n % count === 0) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, `${options.base}/${segment.uri}`);
  }
  return `${lines.join("\n")}\n`;
}
