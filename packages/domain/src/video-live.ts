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
