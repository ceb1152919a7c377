import type { UploadedImage } from "@tongjian/contracts/community";

/**
 * What a reader is writing, kept on the device (issue 16: "a failed post keeps its draft"): the
 * text and the images already uploaded, per circle, saved as they change and dropped only once
 * the post is sent.
 */
export interface ComposerDraft {
  text: string;
  images: UploadedImage[];
  savedAt: number;
}

const PREFIX = "tj:community-draft:";

export function draftKey(circleId: string): string {
  return `${PREFIX}${circleId}`;
}

export function readDraft(circleId: string): ComposerDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(circleId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ComposerDraft>;
    if (typeof value.text !== "string" || !Array.isArray(value.images)) return null;
    return { text: value.text, images: value.images, savedAt: Number(value.savedAt) || 0 };
  } catch {
    return null;
  }
}

export function writeDraft(circleId: string, draft: Omit<ComposerDraft, "savedAt">): void {
  try {
    if (!draft.text && draft.images.length === 0)
      window.localStorage.removeItem(draftKey(circleId));
    else
      window.localStorage.setItem(
        draftKey(circleId),
        JSON.stringify({ ...draft, savedAt: Date.now() }),
      );
  } catch {
    // Storage may be blocked or full: the draft stays on the screen at least.
  }
}

export function clearDraft(circleId: string): void {
  try {
    window.localStorage.removeItem(draftKey(circleId));
  } catch {
    // Nothing to clear.
  }
}
