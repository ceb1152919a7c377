import type { Work, WorkImage } from "@tongjian/contracts/campaign-works";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import { type WorkRules, workPath, workProblems } from "@tongjian/domain/campaign-works";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { textLength } from "@tongjian/domain/text-length";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ActionError, SignInPrompt, useApiAction } from "../../shell/api-action.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { uploadMultipart } from "../../shell/upload-multipart.ts";

interface Slot {
  key: string;
  preview: string;
  state: "uploading" | "done" | "error";
  progress: number;
  error?: string;
  image?: WorkImage;
  file?: File;
}

const half = (n: number) => Math.floor(n / 2);

/**
 * The submission form (decision 46): a title, the text and up to nine images, each uploading
 * with its own progress and error. The server cleans and checks everything again; a sent work
 * opens on its page, marked 审核中.
 */
export function WorkForm({
  campaign,
  rules,
  noun,
}: {
  campaign: CampaignView;
  rules: WorkRules;
  noun: string;
}) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const action = useApiAction<Work>();
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [slots, setSlots] = useState<Slot[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), text: useId(), count: useId(), hint: useId() };

  if (!campaign.me.signedIn) return <SignInPrompt what="投稿" />;
  if (campaign.me.reason)
    return (
      <p className="tj-state" role="status" data-testid="work-form-closed">
        {campaign.me.reason}
      </p>
    );

  const update = (key: string, change: Partial<Slot>) =>
    setSlots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const send = async (slot: Slot) => {
    if (!slot.file) return;
    update(slot.key, { state: "uploading", progress: 0, error: undefined });
    try {
      const image = await uploadMultipart<WorkImage>({
        path: "/api/m/works/image",
        file: slot.file,
        fileName: "image",
        timeoutMs: 120_000,
        noun: "图片",
        csrfToken: api.csrfToken,
        onProgress: (progress) => update(slot.key, { progress }),
      });
      update(slot.key, { state: "done", progress: 1, image, preview: image.thumbUrl });
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
    const room = rules.imagesMax - slots.length;
    setNote(files.length > room ? `至多 ${rules.imagesMax} 张图片，多出的没有加入` : null);
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

  const uploading = slots.some((s) => s.state === "uploading");
  const failed = slots.some((s) => s.state === "error");
  const problems = workProblems(
    { title: title.trim(), text: text.trim(), imageCount: slots.length },
    rules,
  );
  const [titleLength, textLength_] = [textLength(title.trim()), textLength(text.trim())];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || failed || problems.length > 0) return;
    const imageIds = slots.flatMap((s) => (s.image ? [s.image.id] : []));
    const work = await action.run(() =>
      api.post<Work>(`/api/m/works/${campaign.key}`, { title, text, imageIds }),
    );
    if (work) navigate(workPath(campaign.key, work.id), { replace: true });
  };

  return (
    <form className="tj-works__form" onSubmit={submit} aria-busy={action.busy} noValidate>
      <p id={ids.hint} className="tj-works__meta">
        标题 {half(rules.titleMin)}–{half(rules.titleMax)} 字；
        {rules.textMin > 0
          ? `正文 ${half(rules.textMin)}–${half(rules.textMax)} 字`
          : `说明至多 ${half(rules.textMax)} 字`}
        ；图片
        {rules.imagesMin > 0
          ? ` ${rules.imagesMin}–${rules.imagesMax} 张`
          : `至多 ${rules.imagesMax} 张`}
        。投稿后须经审核才会公开。
      </p>
      <label className="tj-works__label" htmlFor={ids.title}>
        {noun}标题
      </label>
      <input
        id={ids.title}
        className="tj-works__input"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        aria-describedby={ids.hint}
        aria-invalid={titleLength > rules.titleMax}
        autoComplete="off"
      />
      <label className="tj-works__label" htmlFor={ids.text}>
        {rules.form === "essay" ? "正文" : "作品说明（地点、年代、拍摄或创作经过）"}
      </label>
      <textarea
        id={ids.text}
        className="tj-works__textarea"
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={rules.form === "essay" ? 12 : 5}
        aria-describedby={ids.count}
        aria-invalid={textLength_ > rules.textMax}
      />
      <p id={ids.count} className="tj-works__meta">
        约 {half(textLength_)} / {half(rules.textMax)} 字
      </p>

      <ul className="tj-works__slots" aria-label="图片">
        {slots.map((slot, i) => (
          <li key={slot.key} className="tj-works__slot" data-state={slot.state}>
            <img src={slot.preview} alt={`第 ${i + 1} 张图片`} width={80} height={80} />
            {slot.state === "uploading" ? (
              <progress max={1} value={slot.progress} aria-label={`第 ${i + 1} 张图片上传中`} />
            ) : null}
            {slot.state === "error" ? (
              <p className="tj-works__slot-error" role="alert">
                {slot.error}
              </p>
            ) : null}
            <button
              type="button"
              className="tj-link-button"
              onClick={() => setSlots((list) => list.filter((s) => s.key !== slot.key))}
              aria-label={`删除第 ${i + 1} 张图片`}
            >
              删除
            </button>
          </li>
        ))}
        {slots.length < rules.imagesMax ? (
          <li>
            <button
              type="button"
              className="tj-works__add"
              onClick={() => picker.current?.click()}
              aria-label={`添加图片（还可加 ${rules.imagesMax - slots.length} 张）`}
            >
              ＋ 图片
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        onChange={pick}
        data-testid="work-image-input"
      />
      {note ? (
        <p className="tj-works__meta" role="status">
          {note}
        </p>
      ) : null}
      {problems.length > 0 && (title || text || slots.length > 0) ? (
        <ul className="tj-works__problems" aria-live="polite">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <ActionError error={action.error} />
      <button
        type="submit"
        className="tj-button tj-button--block"
        disabled={action.busy || uploading || failed || problems.length > 0}
      >
        {action.busy
          ? "正在投稿…"
          : uploading
            ? "图片上传中…"
            : failed
              ? "有图片未传好"
              : "提交投稿"}
      </button>
    </form>
  );
}
