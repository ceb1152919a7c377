import type { PostImage } from "@tongjian/contracts/community";
import { useEffect, useRef, useState } from "react";

/** Full-size images over the page, one at a time, outside the app; Escape or 关闭 closes. */
export function ImagePreview({
  images,
  index,
  onClose,
}: {
  images: PostImage[];
  index: number;
  onClose: () => void;
}) {
  const [at, setAt] = useState(index);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      if (event.key === "ArrowRight") setAt((i) => Math.min(i + 1, images.length - 1));
      if (event.key === "ArrowLeft") setAt((i) => Math.max(i - 1, 0));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [images.length, onClose]);
  const image = images[at];
  if (!image) return null;
  return (
    <div
      className="tj-preview"
      role="dialog"
      aria-modal="true"
      aria-label={`图片 ${at + 1}/${images.length}`}
    >
      <img className="tj-preview__image" src={image.url} alt={`第 ${at + 1} 张图片`} />
      <div className="tj-preview__bar">
        <button type="button" onClick={() => setAt(at - 1)} disabled={at === 0}>
          上一张
        </button>
        <span>
          {at + 1} / {images.length}
        </span>
        <button type="button" onClick={() => setAt(at + 1)} disabled={at === images.length - 1}>
          下一张
        </button>
        <button type="button" ref={close} onClick={onClose}>
          关闭
        </button>
      </div>
    </div>
  );
}
