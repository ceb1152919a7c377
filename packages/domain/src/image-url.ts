/**
 * Image URL rules (spec §9 "Images", §5 "SVG images are excluded from the image list").
 *
 * Processing scheme: one query parameter in the Alibaba Cloud OSS image-processing syntax, so the
 * same URLs work on an OSS bucket or CDN in front of it (the usual choice for sites served in
 * China) and on our own media route, which implements this subset:
 *
 *   ?x-oss-process=image/resize,m_lfit,w_360,h_180/quality,q_75/interlace,1
 *
 *   resize,m_lfit,w_W,h_H   fit inside W×H, keeping the aspect ratio (w or h may be absent)
 *   resize,m_fill,w_W,h_H   cover W×H and crop the centre (paintings, square thumbnails)
 *   quality,q_75            encode at quality 75
 *   interlace,1             progressive JPEG / interlaced PNG: a blurry whole image appears
 *                           first on slow mobile networks. The spec's "progressive encoding"
 *                           and "interlace" are this one flag.
 *
 * A server ignores what a format cannot do (quality on PNG). Any x-oss-process already on a
 * URL is replaced, other query parameters and the #fragment are kept.
 *
 * Which URLs are ours: root-relative paths under /media/ (served by our own process) and
 * absolute or protocol-relative URLs on a host listed in `cdnHosts`. Everything else (other
 * sites, other relative paths, data: and blob: URLs, SVG) passes through unchanged: other
 * hosts would not understand the parameter, and vector images need no resizing.
 */

export const IMAGE_PROCESS_PARAM = "x-oss-process";
export const MEDIA_PATH_PREFIX = "/media/";
/** Spec §9: quality 75 for resized and for PNG/JPG CDN images. */
export const IMAGE_QUALITY = 75;
/** Spec §9 "Image resize doubles numeric sizes": CSS pixels to device pixels on 2× screens. */
export const IMAGE_RESIZE_SCALE = 2;
/** Spec §9: share thumbnail 50×50. */
export const SHARE_THUMBNAIL_SIZE_PX = 50;
/** Spec §9: detail pop-up image 90×90. */
export const DETAIL_POPUP_IMAGE_SIZE_PX = 90;
/** Spec §9: paintings are cropped at height 445. */
export const PAINTING_CROP_HEIGHT_PX = 445;

export interface ImageCdnOptions {
  /** Hosts (host[:port]) of our image CDN; compared case-insensitively. */
  cdnHosts?: readonly string[];
}

/** A size in CSS pixels; strings like "90" or "90px" count as numeric, "100%" or "auto" do not. */
export type ImageSize = number | string | null | undefined;

export interface ImageResize {
  width?: ImageSize;
  height?: ImageSize;
  /** Cover the box and crop the centre instead of fitting inside it; needs both sizes. */
  crop?: boolean;
}

interface SplitUrl {
  /** Everything before ? or #. */
  base: string;
  /** Query parameters without the leading ?, in order, as written. */
  params: string[];
  /** "#..." or "". */
  hash: string;
  /** Lower-cased host for absolute URLs, null for root-relative ones, undefined otherwise. */
  host: string | null | undefined;
  pathname: string;
}

const PASS_THROUGH_SCHEME = /^(?:data|blob|file|javascript):/i;
const ABSOLUTE_HTTP = /^(?:https?:)?\/\//i;
const RASTER_FOR_QUALITY = /\.(?:png|jpe?g)$/i;

function splitUrl(url: string): SplitUrl {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = withoutHash.indexOf("?");
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : withoutHash.slice(queryAt + 1);
  const params = query === "" ? [] : query.split("&").filter((part) => part !== "");

  let host: string | null | undefined;
  let pathname = base;
  if (ABSOLUTE_HTTP.test(base)) {
    try {
      const parsed = new URL(base.startsWith("//") ? `https:${base}` : base);
      host = parsed.host.toLowerCase();
      pathname = parsed.pathname;
    } catch {
      host = undefined;
    }
  } else if (base.startsWith("/")) {
    host = null;
  }
  return { base, params, hash, host, pathname };
}

/** Spec §5: SVG images are left out of the image list (previews and galleries). */
export function isSvgImage(url: string): boolean {
  const trimmed = url.trim();
  if (/^data:image\/svg\+xml[;,]/i.test(trimmed)) return true;
  if (PASS_THROUGH_SCHEME.test(trimmed)) return false;
  return /\.svg$/i.test(splitUrl(trimmed).pathname);
}

export function excludeSvgImages(urls: readonly string[]): string[] {
  return urls.filter((url) => !isSvgImage(url));
}

export function isCdnImageUrl(url: string, options: ImageCdnOptions = {}): boolean {
  const trimmed = url.trim();
  if (trimmed === "" || PASS_THROUGH_SCHEME.test(trimmed)) return false;
  const { host, pathname } = splitUrl(trimmed);
  if (host === null) return pathname.startsWith(MEDIA_PATH_PREFIX);
  if (host === undefined) return false;
  return (options.cdnHosts ?? []).some((cdnHost) => cdnHost.toLowerCase() === host);
}

function withProcess(url: string, operations: readonly string[]): string {
  const { base, params, hash } = splitUrl(url.trim());
  const kept = params.filter(
    (param) => param !== IMAGE_PROCESS_PARAM && !param.startsWith(`${IMAGE_PROCESS_PARAM}=`),
  );
  kept.push(`${IMAGE_PROCESS_PARAM}=image/${operations.join("/")}`);
  return `${base}?${kept.join("&")}${hash}`;
}

const ENCODING_OPERATIONS = [`quality,q_${IMAGE_QUALITY}`, "interlace,1"] as const;

/** Device pixels for a CSS size, or null when the size is not a number of pixels. */
export function scaledImageSize(size: ImageSize): number | null {
  let value: number;
  if (typeof size === "number") value = size;
  else if (typeof size === "string" && /^\s*\d+(?:\.\d+)?(?:px)?\s*$/i.test(size)) {
    value = Number.parseFloat(size);
  } else return null;
  if (!Number.isFinite(value) || value <= 0) return null;
  return Math.ceil(value * IMAGE_RESIZE_SCALE);
}

/**
 * Spec §9 "Image resize doubles numeric sizes, with quality 75 and progressive encoding".
 * Sizes are CSS pixels; non-numeric sizes are left to the browser.
 */
export function resizeImageUrl(
  url: string,
  resize: ImageResize,
  options: ImageCdnOptions = {},
): string {
  if (isSvgImage(url) || !isCdnImageUrl(url, options)) return url;
  const width = scaledImageSize(resize.width);
  const height = scaledImageSize(resize.height);
  const operations: string[] = [];
  if (width !== null || height !== null) {
    const mode = resize.crop && width !== null && height !== null ? "fill" : "lfit";
    const resizeParts = [`resize,m_${mode}`];
    if (width !== null) resizeParts.push(`w_${width}`);
    if (height !== null) resizeParts.push(`h_${height}`);
    operations.push(resizeParts.join(","));
  }
  operations.push(...ENCODING_OPERATIONS);
  return withProcess(url, operations);
}

/** Spec §9 "PNG and JPG CDN URLs get quality 75 and interlace"; other URLs are unchanged. */
export function optimizeImageUrl(url: string, options: ImageCdnOptions = {}): string {
  if (!isCdnImageUrl(url, options)) return url;
  if (!RASTER_FOR_QUALITY.test(splitUrl(url.trim()).pathname)) return url;
  return withProcess(url, ENCODING_OPERATIONS);
}
