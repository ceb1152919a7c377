import { sanitizeLinksOnly } from "./content-sanitizer.ts";
import { escapeHtml } from "./escape-html.ts";
import { hashtagSegments, TOPIC_LINK_CLASS, topicSearchHref } from "./hashtag.ts";

/**
 * A note's text as link-only HTML (spec §5 "Link-only mode allows a with href, data-id and
 * class"): every character escaped, #话题# as topic links and web addresses as links, then put
 * through the link-only sanitiser. Server side only (the sanitiser is large).
 */

// http(s) addresses up to the first space, CJK character or closing bracket; trailing
// punctuation stays outside the link.
const WEB_ADDRESS = /https?:\/\/[^\s<>"'\u3000-\u9fff\uff00-\uffef）】」』]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function linkAddresses(escapedText: string): string {
  return escapedText.replace(WEB_ADDRESS, (match) => {
    const tail = TRAILING_PUNCTUATION.exec(match)?.[0] ?? "";
    const address = match.slice(0, match.length - tail.length);
    // The text is escaped already, so the address is too (&amp; stays &amp; in the attribute).
    return `<a class="tj-note-link" href="${address}">${address}</a>${tail}`;
  });
}

/** A note's text as link-only HTML, safe to insert as markup. */
export function noteHtml(text: string): string {
  const html = hashtagSegments(text)
    .map((segment) =>
      segment.kind === "text"
        ? linkAddresses(escapeHtml(segment.text))
        : `<a class="${TOPIC_LINK_CLASS}" href="${escapeHtml(topicSearchHref(segment.topic))}">${escapeHtml(segment.raw)}</a>`,
    )
    .join("");
  return sanitizeLinksOnly(html);
}
