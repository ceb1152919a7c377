import type { PostImage } from "@tongjian/contracts/community";
import { lazy, Suspense, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";

const ImagePreview = lazy(() =>
  import("./image-preview.tsx").then((m) => ({ default: m.ImagePreview })),
);

/**
 * A post's images as a grid of thumbnails (one image shows larger); a tap opens them full size:
 * the app's own viewer inside the app (bridge `imagePreview`), a viewer of the page's own
 * elsewhere, loaded on the first tap.
 */
export function ImageGrid({ images, label }: { images: PostImage[]; label: string }) {
  const { env, bridge } = usePlatform();
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const show = (index: number) => {
    if (env.isNativeApp) {
      const urls = images.map((image) => new URL(image.url, window.location.href).toString());
      bridge.call("imagePreview", { urls, index }).catch(() => setOpen(index));
    } else setOpen(index);
  };
  const single = images.length === 1;
  return (
    <>
      <ul
        className={`tj-image-grid${single ? " tj-image-grid--single" : ""}`}
        aria-label={`${label}的图片`}
      >
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              className="tj-image-grid__cell"
              onClick={() => show(i)}
              aria-label={`查看第 ${i + 1} 张图片，共 ${images.length} 张`}
            >
              <img
                src={single ? image.url : image.thumbUrl}
                alt=""
                loading="lazy"
                width={single ? image.width : 360}
                height={single ? image.height : 360}
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <ImagePreview images={images} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
