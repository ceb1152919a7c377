import { useEffect, useId, useRef } from "react";
import { AppLink } from "../../shell/app-link.tsx";

export interface SheetContent {
  kind: "event" | "world" | "person" | "capital" | "regime";
  /** The entry the sheet is about (its page is /detail/{id}). */
  id: string;
  title: string;
  meta: string;
  body: string;
}

const KIND_TAGS: Record<SheetContent["kind"], string> = {
  event: "事件",
  world: "世界史",
  person: "人物",
  capital: "都城",
  regime: "政权",
};

/**
 * The sheet from the bottom for what was tapped on the map (the shell's toast sheet in look): its
 * name, its years and place, a few lines, and the way to its entry. The map stays usable above
 * it; 关闭 or Escape closes it and gives the focus back.
 */
export function TimeMapSheet({
  content,
  onClose,
}: {
  content: SheetContent | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const back = useRef<Element | null>(null);

  useEffect(() => {
    if (!content) return;
    back.current ??= document.activeElement;
    box.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [content, onClose]);

  useEffect(() => {
    if (content) return;
    const el = back.current;
    back.current = null;
    if (el instanceof HTMLElement && el.isConnected && el !== document.body)
      el.focus({ preventScroll: true });
  }, [content]);

  if (!content) return null;
  return (
    <div
      ref={box}
      className="tj-timemap-sheet"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="timemap-sheet"
      data-kind={content.kind}
    >
      <div className="tj-timemap-sheet__head">
        <span className="tj-timemap-sheet__tag">{KIND_TAGS[content.kind]}</span>
        <h2 id={titleId} className="tj-timemap-sheet__title">
          {content.title}
        </h2>
        <button
          type="button"
          className="tj-timemap-sheet__close"
          onClick={onClose}
          aria-label="关闭"
        >
          ×
        </button>
      </div>
      {content.meta && <p className="tj-timemap-sheet__meta">{content.meta}</p>}
      {content.body && <p className="tj-timemap-sheet__body">{content.body}</p>}
      <AppLink className="tj-button tj-timemap-sheet__link" to={`/detail/${content.id}`}>
        查看词条
      </AppLink>
    </div>
  );
}
