import { DRAWN_AVATARS, drawnAvatarOf, drawnAvatarPath } from "@tongjian/domain/drawn-avatars";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

const NAME_MAX = 20;

/**
 * 编辑资料 on /my: the name and an avatar picked from the drawn seals (uploads wait for the
 * storage interface). An https picture the account already has (from the app or WeChat) can
 * be kept. What was typed stays in the form when saving fails.
 */
export function ProfileEditor({
  name: initialName,
  avatar: initialAvatar,
  fromApp,
  onSaved,
  onCancel,
}: {
  name: string;
  avatar: string | null;
  /** The account is the app's: the app's own name and picture come back at its next login. */
  fromApp: boolean;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { api } = usePlatform();
  const ids = useId();
  const [name, setName] = useState(initialName);
  const [avatar, setAvatar] = useState<string | null>(initialAvatar);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const keepsPicture = initialAvatar !== null && !drawnAvatarOf(initialAvatar);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("昵称不能为空");
    if ([...trimmed].length > NAME_MAX) return setError(`昵称至多 ${NAME_MAX} 个字`);
    setBusy(true);
    setError("");
    try {
      await api.post("/api/user/profile", { name: trimmed, avatar });
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "保存失败，请重试");
      setBusy(false);
    }
  };

  const choice = (value: string | null, label: string, content: ReactNode) => (
    <label className={`tj-my-editor__choice${avatar === value ? " tj-my-editor__choice--on" : ""}`}>
      <input
        type="radio"
        name={`${ids}-avatar`}
        className="tj-my-editor__radio"
        checked={avatar === value}
        onChange={() => setAvatar(value)}
        aria-label={label}
      />
      {content}
    </label>
  );

  return (
    <form className="tj-my-editor" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 className="tj-my-editor__title" id={`${ids}-title`}>
        编辑资料
      </h2>
      <label className="tj-my-editor__label" htmlFor={`${ids}-name`}>
        昵称
      </label>
      <input
        id={`${ids}-name`}
        className="tj-my-editor__input"
        value={name}
        maxLength={NAME_MAX + 10}
        autoComplete="nickname"
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="tj-my-editor__avatars">
        <legend className="tj-my-editor__label">头像</legend>
        {keepsPicture &&
          choice(
            initialAvatar,
            "保留当前头像",
            <img src={initialAvatar ?? ""} alt="" width={48} height={48} />,
          )}
        {DRAWN_AVATARS.map((a) =>
          choice(
            drawnAvatarPath(a.key),
            `${a.name}字头像`,
            <img src={drawnAvatarPath(a.key)} alt="" width={48} height={48} loading="lazy" />,
          ),
        )}
        {choice(
          null,
          "不用头像，显示昵称首字",
          <span className="tj-my-editor__none" aria-hidden="true">
            {[...name.trim()][0] ?? "无"}
          </span>,
        )}
      </fieldset>
      {fromApp && (
        <p className="tj-my-editor__hint">在通鉴App中登录时，会换回App里的昵称和头像。</p>
      )}
      <p className="tj-my-editor__error" role="alert">
        {error}
      </p>
      <div className="tj-my-editor__actions">
        <button type="button" className="tj-button tj-button--ghost" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className="tj-button" disabled={busy} aria-busy={busy}>
          {busy ? "正在保存…" : "保存"}
        </button>
      </div>
    </form>
  );
}
