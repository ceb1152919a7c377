import { sanitizeTitle } from "./content-sanitizer.ts";

// A work's text as the server keeps it (decision 46). Apart from campaign-works.ts, whose rules
// the submit form also runs in the browser: the sanitiser stays on the server.

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
};

/**
 * What a reader typed as plain text: markup removed with the project's sanitiser (script and
 * style bodies with their text), entities back to characters (pages escape on output), line ends
 * of one kind, no control characters, no run of more than one empty line, trimmed.
 */
export function plainWorkText(raw: string): string {
  const normalised = raw
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  return sanitizeTitle(normalised)
    .replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t\u3000]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A title on one line. */
export function plainWorkTitle(raw: string): string {
  return plainWorkText(raw).replace(/\s+/g, " ");
}
