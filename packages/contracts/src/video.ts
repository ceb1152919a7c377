import { z } from "zod";

// Videos, live sessions and recordings (issue 19 §4–5).
//   GET  /api/video/n/list                  the sample videos
//   GET  /api/video/n/video/:id             one video, with where this reader stopped
//   POST /api/video/y/progress              where a signed-in reader stopped
//   GET  /api/live/n/list?channel=          a channel's sessions, each with its state
//   GET  /api/live/n/session/:key           one session
//   POST /api/live/y/reminder               sign up for (or cancel) a session's reminder
//   GET  /api/live/y/reminders              the reader's reminders of sessions to come or on air
//   GET  /api/live/y/notices                in-site notices: signed-up sessions about to start
//   POST /api/live/y/notice/seen            a notice dismissed or opened: not shown again
//   POST /api/audio/y/upload                upload a recording (multipart, field file)
//   GET  /api/audio/y/list                  the reader's recordings
//   POST /api/audio/y/delete                remove one
// Files: /media/video/:id/:file (HLS playlist and segments, captions, poster) and
// /media/audio-upload/:file (a recording, for its owner only).

export const VIDEO_API = "/api/video";
export const LIVE_API = "/api/live";
export const AUDIO_API = "/api/audio";

export const videoIdParams = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/, "视频编号无效"),
});

export const videoSummary = z.object({
  id: z.string(),
  title: z.string(),
  era: z.string(),
  description: z.string(),
  durationSeconds: z.number().int(),
  posterUrl: z.string(),
  /** The HLS playlist (application/vnd.apple.mpegurl). */
  playlistUrl: z.string(),
  /** WebVTT captions in Chinese. */
  captionsUrl: z.string(),
  /** Every sample video is made by the project: the page labels it 示意. */
  sample: z.literal(true),
  licence: z.string(),
});
export type VideoSummary = z.infer<typeof videoSummary>;

export const videoList = z.object({ list: z.array(videoSummary) });
export type VideoList = z.infer<typeof videoList>;

export const videoDetail = videoSummary.extend({
  /** Seconds where a signed-in reader stopped, or null (the page then asks the device). */
  resumeSeconds: z.number().int().nullable(),
});
export type VideoDetail = z.infer<typeof videoDetail>;

export const videoProgressBody = z.object({
  videoId: videoIdParams.shape.id,
  positionSeconds: z
    .number()
    .min(0)
    .max(24 * 3600),
});
export const videoProgress = z.object({ videoId: z.string(), positionSeconds: z.number().int() });

export const videoFileParams = z.object({
  id: videoIdParams.shape.id,
  file: z.string().max(64),
});

export const liveChannel = z.enum(["wenshi", "young"]);
export type LiveChannel = z.infer<typeof liveChannel>;
export const liveState = z.enum(["预告", "直播中", "回放"]);
/** 待提醒 until the reminder went out (or its in-site notice was seen), then 已提醒. */
export const liveReminderState = z.enum(["待提醒", "已提醒"]);

export const liveSession = z.object({
  key: z.string(),
  channel: liveChannel,
  title: z.string(),
  host: z.string(),
  summary: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: liveState,
  /** Seconds until the start (预告), else 0. */
  startsInSeconds: z.number().int(),
  /** The server's clock when it answered, for the countdown. */
  serverTime: z.string(),
  /** The session's video (its poster and replay once 回放); null while 预告. */
  video: videoSummary.nullable(),
  /** The live HLS playlist while 直播中 (a sliding window at the broadcast's moment), else null. */
  streamUrl: z.string().nullable(),
  reminded: z.boolean(),
  reminderCount: z.number().int(),
  /** The signed-in reader's reminder of it, or null when they have none. */
  reminderState: liveReminderState.nullable(),
  /** How many minutes before the start reminders go out. */
  reminderLeadMinutes: z.number().int(),
});
export type LiveSession = z.infer<typeof liveSession>;

export const liveList = z.object({ list: z.array(liveSession), serverTime: z.string() });
export type LiveList = z.infer<typeof liveList>;
export const liveListQuery = z.object({ channel: liveChannel.default("wenshi") });
export const liveKeyParams = z.object({
  key: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/, "直播编号无效"),
});
export const reminderBody = z.object({ key: liveKeyParams.shape.key, remind: z.boolean() });
export const reminderResult = z.object({
  key: z.string(),
  reminded: z.boolean(),
  reminderCount: z.number().int(),
  reminderState: liveReminderState.nullable(),
});
export type ReminderResult = z.infer<typeof reminderResult>;

/** One of the reader's reminders (a session to come or on air). */
export const liveReminder = z.object({
  key: z.string(),
  title: z.string(),
  host: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: liveState,
  reminderState: liveReminderState,
  /** When it is due: the lead time before the start. */
  remindAt: z.string(),
  /** The session's page. */
  path: z.string(),
});
export type LiveReminder = z.infer<typeof liveReminder>;
export const liveReminderList = z.object({
  list: z.array(liveReminder),
  leadMinutes: z.number().int(),
  serverTime: z.string(),
});
export type LiveReminderList = z.infer<typeof liveReminderList>;

/** An in-site notice: a signed-up session about to start (预告) or on air (直播中). */
export const liveNotice = z.object({
  key: z.string(),
  title: z.string(),
  state: z.enum(["预告", "直播中"]),
  startsAt: z.string(),
  path: z.string(),
});
export type LiveNotice = z.infer<typeof liveNotice>;
export const liveNoticeList = z.object({ list: z.array(liveNotice) });
export const noticeSeenBody = z.object({ key: liveKeyParams.shape.key });
export const noticeSeenResult = z.object({ key: z.string(), seen: z.boolean() });

export const recording = z.object({
  id: z.string(),
  title: z.string(),
  format: z.enum(["wav", "mp3", "m4a", "ogg"]),
  contentType: z.string(),
  bytes: z.number().int(),
  durationMs: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type Recording = z.infer<typeof recording>;
export const recordingList = z.object({ list: z.array(recording) });
export const recordingIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, "录音编号无效"),
});
export const recordingFileParams = z.object({ file: z.string().max(64) });
