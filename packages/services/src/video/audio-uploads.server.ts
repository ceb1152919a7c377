import type { Recording } from "@tongjian/contracts/video";
import type { AudioUploadTable, Database } from "@tongjian/db/database-schema";
import {
  AUDIO_FORMATS,
  AUDIO_UPLOAD_MAX_BYTES,
  AUDIO_UPLOAD_MAX_PER_READER,
  AUDIO_UPLOAD_MAX_SECONDS,
  AUDIO_UPLOAD_MIN_SECONDS,
  type AudioFormat,
  recordingTitle,
  sniffAudioFormat,
} from "@tongjian/domain/video-live";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable } from "kysely";
import { parseBuffer } from "music-metadata";
import { newId } from "../accounts/account-repository.ts";
import { requireUser } from "../accounts/require-login.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import type { ObjectStorage, StoredObject } from "../storage/object-storage.ts";

const PREFIX = "audio-upload/";
export const recordingUrl = (file: string) => `/media/audio-upload/${file}`;

/** The seconds of a recording, read from its own headers (null when they cannot be read). */
export async function recordingSeconds(data: Buffer, format: AudioFormat): Promise<number | null> {
  try {
    const meta = await parseBuffer(
      data,
      { mimeType: AUDIO_FORMATS[format].contentType, size: data.length },
      { duration: true, skipCovers: true },
    );
    const seconds = meta.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/**
 * Recordings readers upload on /audioupload (issue 19 §5): the type is told by the bytes, the
 * size and the duration are checked before anything is stored, and the file goes to the same
 * object storage as the community's images. A recording is served to its owner only.
 */
export function createAudioUploadService(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  const present = (row: Selectable<AudioUploadTable>): Recording => ({
    id: row.id,
    title: row.title,
    format: row.format as AudioFormat,
    contentType: row.content_type,
    bytes: row.bytes,
    durationMs: row.duration_ms,
    url: recordingUrl(row.key.slice(PREFIX.length)),
    createdAt: row.created_at,
  });

  return {
    async upload(request: { data: Buffer; title?: string; viewer: Viewer }): Promise<Recording> {
      const user = requireUser(request.viewer, "请先登录后再上传录音");
      const { data } = request;
      if (data.length === 0) throw new ServiceError(400, "请选择要上传的录音文件");
      if (data.length > AUDIO_UPLOAD_MAX_BYTES)
        throw new ServiceError(413, `录音不能超过 ${AUDIO_UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
      const format = sniffAudioFormat(data.subarray(0, 64));
      if (!format)
        throw new ServiceError(415, "不支持的文件类型，请上传 WAV、MP3、M4A 或 OGG 格式的录音");
      const seconds = await recordingSeconds(data, format);
      if (seconds === null) throw new ServiceError(415, "无法读取这段录音的时长，文件可能已损坏");
      if (seconds > AUDIO_UPLOAD_MAX_SECONDS)
        throw new ServiceError(
          413,
          `录音不能超过 ${AUDIO_UPLOAD_MAX_SECONDS / 60} 分钟（这段约 ${Math.round(seconds)} 秒）`,
        );
      if (seconds < AUDIO_UPLOAD_MIN_SECONDS) throw new ServiceError(400, "录音太短了，至少 1 秒");
      const held = await deps.db
        .selectFrom("audio_upload")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("owner_id", "=", user.userId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= AUDIO_UPLOAD_MAX_PER_READER)
        throw new ServiceError(429, `最多保存 ${AUDIO_UPLOAD_MAX_PER_READER} 段录音，请先删除一些`);
      const id = newId();
      const key = `${PREFIX}${id}.${format}`;
      const createdAt = now();
      const contentType = AUDIO_FORMATS[format].contentType;
      await deps.storage.put(key, data, contentType);
      const row = {
        id,
        owner_id: user.userId,
        key,
        title: recordingTitle(request.title, createdAt),
        format,
        content_type: contentType,
        bytes: data.length,
        duration_ms: Math.round(seconds * 1000),
        created_at: createdAt.toISOString(),
      };
      try {
        await deps.db.insertInto("audio_upload").values(row).execute();
      } catch (error) {
        // No file without its row.
        await deps.storage.delete(key);
        throw error;
      }
      return present(row);
    },

    async list(viewer: Viewer): Promise<Recording[]> {
      const user = requireUser(viewer, "请先登录");
      const rows = await deps.db
        .selectFrom("audio_upload")
        .selectAll()
        .where("owner_id", "=", user.userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(present);
    },

    async remove(viewer: Viewer, id: string) {
      const user = requireUser(viewer, "请先登录");
      const row = await deps.db
        .selectFrom("audio_upload")
        .selectAll()
        .where("id", "=", id)
        .where("owner_id", "=", user.userId)
        .executeTakeFirst();
      if (!row) throw new NotFoundError("录音不存在");
      await deps.db.deleteFrom("audio_upload").where("id", "=", id).execute();
      await deps.storage.delete(row.key);
      return { id, deleted: true };
    },

    /** A recording's bytes for its owner, by its file name; null when it is not theirs. */
    async file(viewer: Viewer, file: string): Promise<StoredObject | null> {
      const user = requireUser(viewer, "请先登录");
      if (!/^[0-9a-f]{24}\.(wav|mp3|m4a|ogg)$/.test(file)) return null;
      const row = await deps.db
        .selectFrom("audio_upload")
        .select(["key", "content_type"])
        .where("key", "=", `${PREFIX}${file}`)
        .where("owner_id", "=", user.userId)
        .executeTakeFirst();
      if (!row) return null;
      const stored = await deps.storage.get(row.key);
      return stored ? { data: stored.data, contentType: row.content_type } : null;
    },

    /** How many recordings are stored in all (for tests of "nothing stored"). */
    async count(): Promise<number> {
      const row = await deps.db
        .selectFrom("audio_upload")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
