import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { VideoDetail, VideoSummary } from "@tongjian/contracts/video";
import type { Database } from "@tongjian/db/database-schema";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { z } from "zod";
import { requireUser } from "../accounts/require-login.ts";
import { NotFoundError } from "../service-error.ts";

/**
 * The sample videos (issue 19 §4): HLS slideshows made by `npm run video:build` into
 * `<content>/videos/<id>/`, listed by its catalogue.json, and where each reader stopped.
 */
const catalogueSchema = z.object({
  licence: z.string(),
  videos: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string(),
      era: z.string(),
      young: z.boolean(),
      description: z.string(),
      durationSeconds: z.number().int().positive(),
    }),
  ),
});
export type VideoCatalogue = z.infer<typeof catalogueSchema>;

/** The files of a video and how each is served. */
const FILES: { pattern: RegExp; contentType: string; cacheControl: string }[] = [
  // The playlist may be rebuilt with new segments: revalidated within minutes.
  {
    pattern: /^index\.m3u8$/,
    contentType: "application/vnd.apple.mpegurl",
    cacheControl: "public, max-age=300",
  },
  { pattern: /^seg-\d{3}\.ts$/, contentType: "video/mp2t", cacheControl: "public, max-age=86400" },
  {
    pattern: /^captions\.zh\.vtt$/,
    contentType: "text/vtt; charset=utf-8",
    cacheControl: "public, max-age=3600",
  },
  { pattern: /^poster\.jpg$/, contentType: "image/jpeg", cacheControl: "public, max-age=86400" },
];

export const videoBase = (id: string) => `/media/video/${id}`;

export interface VideoFile {
  data: Buffer;
  contentType: string;
  cacheControl: string;
}

export function createVideoService(deps: {
  db: Kysely<Database>;
  /** The content folder; the videos are in its videos/. */
  contentDir: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const root = join(deps.contentDir, "videos");
  let catalogue: Promise<VideoCatalogue> | null = null;

  const load = () => {
    catalogue ??= readFile(join(root, "catalogue.json"), "utf8")
      .then((text) => catalogueSchema.parse(JSON.parse(text)))
      .catch((error: NodeJS.ErrnoException) => {
        // A content folder without videos lists none.
        if (error.code === "ENOENT") return { licence: "", videos: [] };
        throw error;
      });
    return catalogue;
  };

  const summary = (video: VideoCatalogue["videos"][number], licence: string): VideoSummary => ({
    id: video.id,
    title: video.title,
    era: video.era,
    description: video.description,
    durationSeconds: video.durationSeconds,
    posterUrl: `${videoBase(video.id)}/poster.jpg`,
    playlistUrl: `${videoBase(video.id)}/index.m3u8`,
    captionsUrl: `${videoBase(video.id)}/captions.zh.vtt`,
    sample: true,
    licence,
  });

  async function find(id: string): Promise<VideoSummary | null> {
    const { videos, licence } = await load();
    const video = videos.find((v) => v.id === id);
    return video ? summary(video, licence) : null;
  }

  return {
    async list(options: { young?: boolean } = {}): Promise<VideoSummary[]> {
      const { videos, licence } = await load();
      return videos.filter((v) => !options.young || v.young).map((v) => summary(v, licence));
    },

    find,

    async detail(id: string, viewer: Viewer): Promise<VideoDetail> {
      const video = await find(id);
      if (!video) throw new NotFoundError("视频不存在");
      let resumeSeconds: number | null = null;
      if (viewer.kind === "user") {
        const row = await deps.db
          .selectFrom("video_progress")
          .select("position_seconds")
          .where("owner_id", "=", viewer.userId)
          .where("video_id", "=", id)
          .executeTakeFirst();
        resumeSeconds = row?.position_seconds ?? null;
      }
      return { ...video, resumeSeconds };
    },

    async saveProgress(viewer: Viewer, videoId: string, positionSeconds: number) {
      const user = requireUser(viewer, "请先登录");
      const video = await find(videoId);
      if (!video) throw new NotFoundError("视频不存在");
      const position = Math.min(Math.floor(positionSeconds), video.durationSeconds);
      const updatedAt = now().toISOString();
      await deps.db
        .insertInto("video_progress")
        .values({
          owner_id: user.userId,
          video_id: videoId,
          position_seconds: position,
          updated_at: updatedAt,
        })
        .onConflict((c) =>
          c
            .columns(["owner_id", "video_id"])
            .doUpdateSet({ position_seconds: position, updated_at: updatedAt }),
        )
        .execute();
      return { videoId, positionSeconds: position };
    },

    /** One of a video's files, or null when the video or the file is unknown. */
    async file(id: string, file: string): Promise<VideoFile | null> {
      const kind = FILES.find((f) => f.pattern.test(file));
      if (!kind || !(await find(id))) return null;
      try {
        const data = await readFile(join(root, id, file));
        return { data, contentType: kind.contentType, cacheControl: kind.cacheControl };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
