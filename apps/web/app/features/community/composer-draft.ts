import type { UploadedImage } from "@tongjian/contracts/community";

/**
 * What a reader is writing, kept on the device (issue 16: "a failed post keeps its draft"): the
 * text and the images already uploaded, per circle for a post and per post for a comment, saved
 * as they change and dropped only once it is sent. A comment's draft has no images.
 */
export interface ComposerDraft {
  text: string;
  images: UploadedImage[];
  savedAt: number;
}

const PREFIX = "tj:community-draft:";

/** Where a new post's draft for a circle is kept. */
export function draftKey(circleId: string): string {
  return `${PREFIX}${circleId}`;
}

/**
 * Where a comment's draft on a post is kept: a comment sent when the session has expired goes to
 * sign-in, and the text is there again on coming back.
 */
export function commentDraftKey(postId: string): string {
  return `${PREFIX}comment:${postId}`;
}

/** The draft kept under `key` (draftKey or commentDraftKey). */
export function readDraft(key: string): ComposerDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ComposerDraft>;
    if (typeof value.text !== "string" || !Array.isArray(value.images)) return null;
    return { text: value.text, images: value.images, savedAt: Number(value.savedAt) || 0 };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Omit<ComposerDraft, "savedAt">): void {
  try {
    if (!draft.text && draft.images.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Storage may be blocked or full: the draft stays on the screen at least.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
