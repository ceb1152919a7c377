import type { SavedItem } from "@tongjian/contracts/my";
import { useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { ago } from "./my-items.tsx";

/** Saved A-to-B paths and custom graphs: each opens its screen, and can be removed. */
export function SavedList({ items, now }: { items: readonly SavedItem[]; now: number }) {
  const { api } = usePlatform();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState("");

  const remove = async (item: SavedItem) => {
    setBusy(item.id);
    setError("");
    try {
      await api.post("/api/m/social/v1/y/my/saved/remove", { id: item.id });
      setRemoved((before) => new Set([...before, item.id]));
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "删除失败，请重试");
    } finally {
      setBusy(null);
    }
  };

  const shown = items.filter((item) => !removed.has(item.id));
  if (shown.length === 0) return <p className="tj-my-empty">已全部删除。</p>;
  return (
    <>
      <ul className="tj-my-saved">
        {shown.map((item) => (
          <li key={item.id} className="tj-my-saved__item">
            <AppLink to={item.href} className="tj-my-saved__link">
              <span className="tj-my-items__label">{item.kindLabel}</span>
              <strong>{item.title}</strong>
              <small className="tj-my-items__meta">保存于 {ago(item.updatedAt, now)}</small>
            </AppLink>
            <button
              type="button"
              className="tj-my-saved__remove"
              onClick={() => remove(item)}
              disabled={busy !== null}
              aria-label={`删除「${item.title}」`}
            >
              {busy === item.id ? "删除中…" : "删除"}
            </button>
          </li>
        ))}
      </ul>
      <p className="tj-my-note" role="alert">
        {error}
      </p>
    </>
  );
}
