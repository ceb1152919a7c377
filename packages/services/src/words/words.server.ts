import { randomBytes } from "node:crypto";
import type { EntryNote, NotePage } from "@tongjian/contracts/words";
import { noteHtml } from "@tongjian/domain/entry-note-html";
import {
  NOTE_HIDE_AT_REPORTS,
  NOTE_LIMITS,
  type NoteReportReason,
  type NoteSort,
  normalizeNoteText,
  noteTextProblem,
} from "@tongjian/domain/entry-notes";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireAdmin, requireSignedIn } from "../accounts/require-login.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type { NoteRepository, NoteRow } from "./note-repository.ts";

const TOO_FAST = "发得太快了，请稍后再写";
const NOTE_GONE = "这条短评不存在或已被隐藏";

function toNote(row: NoteRow, viewerId: string | null): EntryNote {
  return {
    id: row.id,
    entry: { id: row.entry_id, name: row.entry_name },
    author: {
      name: row.account_name ?? row.visitor_name ?? "微信读者",
      avatar: row.account_avatar ?? row.visitor_avatar ?? null,
    },
    text: row.body,
    html: row.html,
    createdAt: row.created_at,
    likeNum: row.like_count,
    liked: Number(row.liked) === 1,
    mine: viewerId !== null && row.owner_id === viewerId,
    sample: row.sample === 1,
  };
}

/**
 * Readers' short notes on entries (/words): written by a signed-in reader (an account or a
 * WeChat visitor), at most 200 characters, link-only HTML, a few a minute; liked and reported
 * once per reader; hidden after enough reports until an admin decides.
 */
export function createWordsService(deps: { notes: NoteRepository; limiter: AttemptLimiter }) {
  async function visibleNote(noteId: string, viewerId: string | null) {
    const row = await deps.notes.find(noteId, viewerId);
    if (!row || row.hidden === 1) throw new NotFoundError(NOTE_GONE);
    return row;
  }

  async function page(
    request: { sort: NoteSort; page: number; size: number; entryId?: string },
    viewer: Viewer,
  ): Promise<NotePage> {
    const viewerId = ownerIdOf(viewer);
    const { rows, total } = await deps.notes.list({ ...request, viewerId });
    return {
      page: request.page,
      size: request.size,
      total,
      hasMore: request.page * request.size < total,
      list: rows.map((row) => toNote(row, viewerId)),
    };
  }

  return {
    /** /words: every visible note, newest or most liked first. */
    list(request: { sort: NoteSort; page: number; size: number }, viewer: Viewer) {
      return page(request, viewer);
    },

    /** An entry's notes, newest first (404 for an unknown entry). */
    async ofEntry(request: { entryId: string; page: number; size: number }, viewer: Viewer) {
      if (!(await deps.notes.entryExists(request.entryId)))
        throw new NotFoundError("词条不存在或已被删除");
      return page({ ...request, sort: "new" }, viewer);
    },

    async write(request: { entryId: string; text: string }, viewer: Viewer): Promise<EntryNote> {
      requireSignedIn(viewer, "登录后才能写短评");
      const ownerId = ownerIdOf(viewer) as string;
      const text = normalizeNoteText(request.text);
      const problem = noteTextProblem(text);
      if (problem) throw new BadRequestError(problem);
      if (!(await deps.notes.entryExists(request.entryId)))
        throw new NotFoundError("词条不存在或已被删除");
      // Counted after the checks: a note refused for its text does not use up the reader's turns.
      await deps.limiter.spend(NOTE_LIMITS.burst, ownerId, TOO_FAST);
      await deps.limiter.spend(NOTE_LIMITS.daily, ownerId, "今天写的短评已达上限，明天再来吧");
      const id = randomBytes(12).toString("hex");
      await deps.notes.insert({
        id,
        entryId: request.entryId,
        ownerId,
        body: text,
        html: noteHtml(text),
        createdAt: new Date().toISOString(),
      });
      const row = await deps.notes.find(id, ownerId);
      if (!row) throw new NotFoundError(NOTE_GONE);
      return toNote(row, ownerId);
    },

    async like(request: { noteId: string; like: boolean }, viewer: Viewer) {
      requireSignedIn(viewer, "登录后才能点赞");
      const ownerId = ownerIdOf(viewer) as string;
      await visibleNote(request.noteId, ownerId);
      const likeNum = await deps.notes.setLike(request.noteId, ownerId, request.like);
      return { liked: request.like, likeNum };
    },

    async report(request: { noteId: string; reason: NoteReportReason }, viewer: Viewer) {
      requireSignedIn(viewer, "登录后才能举报");
      const ownerId = ownerIdOf(viewer) as string;
      const row = await visibleNote(request.noteId, ownerId);
      if (row.owner_id === ownerId) throw new BadRequestError("不能举报自己的短评");
      const { hidden } = await deps.notes.report(
        request.noteId,
        ownerId,
        request.reason,
        NOTE_HIDE_AT_REPORTS,
      );
      return { reported: true, hidden };
    },

    /** An admin hides a note or restores it. */
    async setHidden(request: { noteId: string; hidden: boolean }, viewer: Viewer) {
      requireAdmin(viewer);
      const row = await deps.notes.find(request.noteId, null);
      if (!row) throw new NotFoundError(NOTE_GONE);
      await deps.notes.setHidden(request.noteId, request.hidden);
      return { hidden: request.hidden };
    },
  };
}

export type WordsService = ReturnType<typeof createWordsService>;
