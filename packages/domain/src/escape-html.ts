/**
 * Escapes text for HTML element content and quoted attribute values. User-written text (post
 * bodies with hashtags, search terms) is turned into HTML in a few places; everything that is
 * not markup we built ourselves goes through here.
 */
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
