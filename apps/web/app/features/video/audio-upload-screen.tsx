import type { Recording } from "@tongjian/contracts/video";
import { AUDIO_UPLOAD_MAX_BYTES, AUDIO_UPLOAD_MAX_SECONDS } from "@tongjian/domain/video-live";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { uploadRecording } from "./upload-recording.ts";
import { formatDuration } from "./video-progress.ts";
import "./video.css";

const MB = AUDIO_UPLOAD_MAX_BYTES / 1024 / 1024;

/** One recording: its player (with a retry when it will not load), facts and delete. */
function RecordingItem({ recording, onDeleted }: { recording: Recording; onDeleted: () => void }) {
  const { api } = usePlatform();
  const [broken, setBroken] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post("/api/audio/y/delete", { id: recording.id });
      onDeleted();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "删除失败，请重试");
      setBusy(false);
    }
  };
  const headingId = `tj-rec-${recording.id}`;
  return (
    <li className="tj-recording" data-testid="recording" aria-labelledby={headingId}>
      <p id={headingId} className="tj-recording__title">
        {recording.title}
      </p>
      <p className="tj-recording__facts">
        {recording.format.toUpperCase()} · {formatDuration(recording.durationMs / 1000)} ·{" "}
        {(recording.bytes / 1024).toFixed(0)} KB
      </p>
      {broken ? (
        <div className="tj-recording__error" role="alert">
          <span>录音加载失败</span>
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => {
              setBroken(false);
              setAttempt((n) => n + 1);
            }}
          >
            重试
          </button>
        </div>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a reader's own recording has no transcript to show.
        <audio
          key={attempt}
          className="tj-recording__audio"
          controls
          preload="metadata"
          src={recording.url}
          onError={() => setBroken(true)}
          aria-label={`播放：${recording.title}`}
        />
      )}
      <button
        type="button"
        className="tj-link-button tj-recording__delete"
        onClick={() => void remove()}
        disabled={busy}
      >
        {busy ? "正在删除…" : "删除"}
      </button>
      {error && (
        <p className="tj-upload__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** /audioupload: upload a recording with a progress bar, play it back, and see one's uploads. */
export function AudioUploadScreen({ recordings }: { recordings: readonly Recording[] }) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Recording | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!file) {
      setError("请先选择一段录音");
      return;
    }
    // Checked again on the server; this saves sending a file that is surely too large.
    if (file.size > AUDIO_UPLOAD_MAX_BYTES) {
      setError(`录音不能超过 ${MB} MB`);
      return;
    }
    setProgress(0);
    try {
      const saved = await uploadRecording(file, title, api.csrfToken, setProgress);
      setDone(saved);
      setFile(null);
      setTitle("");
      if (input.current) input.current.value = "";
      void revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "录音上传失败，请重试");
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <main className="tj-upload">
      <header className="tj-watch__head">
        <h1 className="tj-watch__title">上传录音</h1>
        <p className="tj-watch__lead">
          上传你朗读或讲述的录音：支持 WAV、MP3、M4A、OGG，不超过 {MB} MB、
          {AUDIO_UPLOAD_MAX_SECONDS / 60} 分钟。录音只有你自己能听到。
        </p>
      </header>
      <form className="tj-upload__form" onSubmit={submit} noValidate>
        <label htmlFor="tj-upload-file" className="tj-upload__label">
          录音文件
        </label>
        <input
          ref={input}
          id="tj-upload-file"
          className="tj-upload__file"
          type="file"
          accept="audio/*,.wav,.mp3,.m4a,.ogg"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
          disabled={uploading}
        />
        <label htmlFor="tj-upload-title" className="tj-upload__label">
          标题（可不填）
        </label>
        <input
          id="tj-upload-title"
          className="tj-upload__input"
          value={title}
          maxLength={40}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="如：朗读《论语·学而》"
          disabled={uploading}
        />
        <button
          type="submit"
          className="tj-button tj-button--block"
          disabled={uploading}
          aria-busy={uploading}
          data-testid="upload-submit"
        >
          {uploading ? "正在上传…" : "上传"}
        </button>
        {uploading && (
          <div className="tj-upload__progress">
            <progress
              max={100}
              value={Math.round((progress ?? 0) * 100)}
              aria-label="上传进度"
              data-testid="upload-progress"
            />
            <span>{Math.round((progress ?? 0) * 100)}%</span>
          </div>
        )}
        {error && (
          <p className="tj-upload__error" role="alert" data-testid="upload-error">
            {error}
          </p>
        )}
        {done && (
          <p className="tj-upload__done" role="status">
            「{done.title}」已上传，时长 {formatDuration(done.durationMs / 1000)}
          </p>
        )}
      </form>
      <section aria-labelledby="tj-upload-mine">
        <h2 id="tj-upload-mine" className="tj-watch__subtitle">
          我的录音
        </h2>
        {recordings.length === 0 ? (
          <p className="tj-empty">还没有上传过录音</p>
        ) : (
          <ul className="tj-recordings">
            {recordings.map((r) => (
              <RecordingItem
                key={r.id}
                recording={r}
                onDeleted={() => void revalidator.revalidate()}
              />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
