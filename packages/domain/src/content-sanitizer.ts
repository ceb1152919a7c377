import sanitizeHtml from "sanitize-html";
import { isSvgImage } from "./image-url.ts";

/**
 * Spec §5 "Content sanitising", configured on sanitize-html:
 * - titles allow no tags;
 * - content allows the standard tags plus iframe, audio and video with their listed attributes;
 * - script, style and frame bodies are dropped with their text;
 * - every tag may carry the listed attributes and any data-*;
 * - link-only mode keeps only anchors (href, data-id, class);
 * - anchors without href become plain text;
 * - images without alt get their title or an empty alt (WCAG 1.1.1).
 */

const SHARED_ATTRIBUTES = [
  "style",
  "class",
  "id",
  "ref-id",
  "type",
  "cite-id",
  "border",
  "border-spacing",
  "note-id",
  "contenteditable",
  "data-*",
];

const DROPPED_WITH_TEXT = [
  "script",
  "style",
  "frame",
  "frameset",
  "noscript",
  "textarea",
  "option",
];

// Not an allowed tag: an anchor renamed to it loses the tag and keeps its text.
const UNWRAP = "tj-unwrap";

// An href with a scheme that is not allowed is removed later by sanitize-html; treating it as
// missing here makes such an anchor plain text too instead of an empty <a>.
const UNSAFE_HREF = /^\s*(javascript|vbscript|data):/i;

const anchorWithoutHrefToText: sanitizeHtml.Transformer = (tagName, attribs) =>
  attribs.href && !UNSAFE_HREF.test(attribs.href)
    ? { tagName, attribs }
    : { tagName: UNWRAP, attribs: {} };

/**
 * WCAG 1.1.1: every image of a body has a text alternative. One the author left without alt
 * gets its title, or else alt="" (decorative): a screen reader then skips it instead of reading
 * out the file name.
 */
const imageWithAlt: sanitizeHtml.Transformer = (tagName, attribs) =>
  attribs.alt === undefined
    ? { tagName, attribs: { ...attribs, alt: attribs.title ?? "" } }
    : { tagName, attribs };

const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "iframe",
    "audio",
    "video",
    "source",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    "*": SHARED_ATTRIBUTES,
    a: ["href", "name", "target", "rel", "title"],
    img: ["src", "srcset", "alt", "title", "width", "height", "loading"],
    iframe: ["src", "width", "frameborder"],
    audio: ["controls", "loop", "preload", "src"],
    video: ["controls", "loop", "preload", "src", "height", "width", "poster"],
    source: ["src", "type"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: true,
  nonTextTags: DROPPED_WITH_TEXT,
  disallowedTagsMode: "discard",
  transformTags: { a: anchorWithoutHrefToText, img: imageWithAlt },
};

const LINK_ONLY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["a"],
  allowedAttributes: { a: ["href", "data-id", "class"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  nonTextTags: DROPPED_WITH_TEXT,
  disallowedTagsMode: "discard",
  transformTags: { a: anchorWithoutHrefToText },
};

const TITLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: DROPPED_WITH_TEXT,
  disallowedTagsMode: "discard",
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS);
}

export function sanitizeLinksOnly(html: string): string {
  return sanitizeHtml(html, LINK_ONLY_OPTIONS);
}

/** Plain text for titles: every tag removed, entities left encoded for safe display. */
export function sanitizeTitle(html: string): string {
  return sanitizeHtml(html, TITLE_OPTIONS).trim();
}

/** The images of a body, in order, without SVGs (spec §5: SVG images are excluded). */
export function contentImages(html: string): string[] {
  const images: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ["img"],
    allowedAttributes: { img: ["src"] },
    exclusiveFilter: (frame) => {
      const src = frame.attribs.src;
      if (frame.tag === "img" && src && !isSvgImage(src)) images.push(src);
      return false;
    },
  });
  return images;
}
