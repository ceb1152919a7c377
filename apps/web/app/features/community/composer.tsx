import type { Post, UploadedImage } from "@tongjian/contracts/community";
import {
  COMMUNITY_API,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  POST_IMAGE_MAX,
  POST_TEXT_LIMIT,
  postPath,
  postTopics,
} from "@tongjian/domain/community-rules";
import { textLength } from "@tongjian/domain/text-length";
import {
  type ChangeEvent,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { usePlatform } from "../../shell/platform.tsx";
import { clearDraft, draftKey, readDraft, writeDraft } from "./composer-draft.ts";
import { uploadImage } from "./upload-image.ts";
import { useCommunityCall } from "./use-community-call.ts";

interface Slot {
  key: string;
  /** A local preview while uploading, the stored thumbnail once uploaded. */
  preview: string;
  state: "uploading" | "done" | "error";
  progress: number;
  error?: string;
  image?: UploadedImage;
  file?: File;
}

const DRAFT_SAVE_MS = 400;

/**
 * The post composer (issue 16): text with `#话题#`, up to nine images, each uploading with its
 * own progress and its own error (retry or remove), and a draft on the device that survives a
 * failed post, a closed tab and a reload.
 */
export function Composer({ circleId, circleName }: { circleId: string; circleName: string }) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const { run, busy, error, setError } = useCommunityCall();
  const [text, setText] = useState("");
  const [slots, setSlots] = useState<Slot[]>([]);
  const [restored, setRestored] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const textId = useId();
  const counterId = useId();

  // The draft is read after hydration: the server knows nothing of the device.
  useEffect(() => {
    const draft = readDraft(draftKey(circleId));
    if (draft) {
      setText(draft.text);
      setSlots(
        draft.images.map((image) => ({
          key: image.id,
          preview: image.thumbUrl,
          state: "done" as const,
          progress: 1,
          image,
        })),
      );
      setRestored(true);
    }
    setLoaded(true);
  }, [circleId]);

  // Saved shortly after each change, at once before sending, and when the page goes away.
  // Once the post is sent nothing may write the draft back: a save still pending from the last
  // keystroke would otherwise land between clearing it and leaving the page.
  const sent = useRef(false);
  const saveDraft = useCallback(() => {
    if (sent.current) return;
    const images = slots.flatMap((s) => (s.state === "done" && s.image ? [s.image] : []));
    writeDraft(draftKey(circleId), { text, images });
  }, [circleId, text, slots]);
  useEffect(() => {
    if (!loaded) return;
    const timer = window.setTimeout(saveDraft, DRAFT_SAVE_MS);
    window.addEventListener("pagehide", saveDraft);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("pagehide", saveDraft);
    };
  }, [saveDraft, loaded]);

  const update = (key: string, change: Partial<Slot>) =>
    setSlots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const send = async (slot: Slot) => {
    if (!slot.file) return;
    update(slot.key, { state: "uploading", progress: 0, error: undefined });
    try {
      const image = await uploadImage(slot.file, api.csrfToken, (progress) =>
        update(slot.key, { progress }),
      );
      update(slot.key, { state: "done", progress: 1, image });
    } catch (failure) {
      update(slot.key, {
        state: "error",
        error: failure instanceof Error ? failure.message : "图片上传失败，请重试",
      });
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const room = POST_IMAGE_MAX - slots.length;
    if (files.length > room) setError(`一条帖子至多 ${POST_IMAGE_MAX} 张图片，多出的没有加入`);
    const added: Slot[] = files.slice(0, Math.max(room, 0)).map((file) => {
      const slot: Slot = {
        key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        preview: URL.createObjectURL(file),
        state: "uploading",
        progress: 0,
        file,
      };
      // Checked here only to spare a wasted upload; the server checks every image by content.
      if (file.size > IMAGE_MAX_BYTES) {
        slot.state = "error";
        slot.error = `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
      }
      return slot;
    });
    setSlots((list) => [...list, ...added]);
    for (const slot of added) if (slot.state === "uploading") void send(slot);
  };

  const remove = (key: string) => setSlots((list) => list.filter((s) => s.key !== key));

  const length = textLength(text);
  const over = length > POST_TEXT_LIMIT;
  const uploading = slots.some((s) => s.state === "uploading");
  const failed = slots.some((s) => s.state === "error");
  const topics = postTopics(text);
  const empty = !text.trim() && slots.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (over || uploading || failed || empty) return;
    const imageIds = slots.flatMap((s) => (s.image ? [s.image.id] : []));
    saveDraft();
    const post = await run(() =>
      api.post<Post>(`${COMMUNITY_API}/y/post`, { circleId, text, imageIds }),
    );
    if (!post) return;
    sent.current = true;
    clearDraft(draftKey(circleId));
    navigate(postPath(post.id), { replace: true });
  };

  return (
    <form className="tj-composer" onSubmit={submit} aria-busy={busy}>
      {restored && (
        <p className="tj-composer__note" role="status">
          已恢复上次没有发出的草稿
        </p>
      )}
      <label className="tj-composer__label" htmlFor={textId}>
        发到「{circleName}」
      </label>
      <textarea
        id={textId}
        className="tj-composer__text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="分享你的读史心得，用 #话题# 加入话题"
        rows={7}
        aria-describedby={counterId}
        aria-invalid={over}
      />
      <p id={counterId} className={`tj-composer__count${over ? " tj-composer__count--over" : ""}`}>
        {length} / {POST_TEXT_LIMIT}（汉字算 2 个字符）
        {over ? "，已超出，请删减" : ""}
      </p>
      {topics.length > 0 && (
        <p className="tj-composer__topics">话题：{topics.map((t) => `#${t.name}#`).join(" ")}</p>
      )}

      <ul className="tj-composer__images" aria-label="图片">
        {slots.map((slot, i) => (
          <li key={slot.key} className={`tj-composer__image tj-composer__image--${slot.state}`}>
            <img src={slot.preview} alt={`第 ${i + 1} 张图片`} />
            {slot.state === "uploading" && (
              <progress
                className="tj-composer__progress"
                max={1}
                value={slot.progress}
                aria-label={`第 ${i + 1} 张图片上传中`}
              />
            )}
            {slot.state === "error" && (
              <p className="tj-composer__image-error" role="alert">
                {slot.error}
              </p>
            )}
            <div className="tj-composer__image-actions">
              {slot.state === "error" && slot.file && slot.file.size <= IMAGE_MAX_BYTES && (
                <button type="button" onClick={() => void send(slot)}>
                  重试
                </button>
              )}
              <button
                type="button"
                onClick={() => remove(slot.key)}
                aria-label={`删除第 ${i + 1} 张图片`}
              >
                删除
              </button>
            </div>
          </li>
        ))}
        {slots.length < POST_IMAGE_MAX && (
          <li>
            <button
              type="button"
              className="tj-composer__add"
              onClick={() => picker.current?.click()}
              aria-label={`添加图片（还可加 ${POST_IMAGE_MAX - slots.length} 张）`}
            >
              ＋ 图片
            </button>
          </li>
        )}
      </ul>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        onChange={pick}
        data-testid="image-input"
      />

      {error && (
        <p className="tj-composer__error" role="alert">
          {error}。草稿已保存在本机，可以稍后再发。
        </p>
      )}
      <button
        type="submit"
        className="tj-button tj-button--block"
        disabled={busy || over || uploading || failed || empty}
      >
        {busy ? "正在发布…" : uploading ? "图片上传中…" : failed ? "有图片未传好" : "发布"}
      </button>
    </form>
  );
}
