import { NOTE_REPORT_REASONS, type NoteReportReason } from "@tongjian/domain/entry-notes";
import { z } from "zod";
import { id, listPage, pageNumber, pageSize } from "./common.ts";

// Readers' short notes on entries (/words, 字词; issue 16 Social §3):
//   GET  /api/words/v1/n/list?sort=new|liked&page=&size=   the stream
//   GET  /api/words/v1/n/entry/:id?page=&size=              one entry's notes, newest first
//   POST /api/words/v1/y/note    { entryId, text }           write (needs login, rate-limited)
//   POST /api/words/v1/y/like    { noteId, action }          like or unlike
//   POST /api/words/v1/y/report  { noteId, reason }          report
//   POST /api/words/v1/y/hide    { noteId, hidden }          hide or restore (admin)

export const noteSort = z.enum(["new", "liked"], {
  error: "排序只能是 new（最新）或 liked（最多赞）",
});

export const noteListQuery = z.object({
  sort: noteSort.default("new"),
  page: pageNumber.default(1),
  size: pageSize(50).default(20),
});
export const entryNotesParams = z.object({ id });
export const entryNotesQuery = z.object({
  page: pageNumber.default(1),
  size: pageSize(50).default(5),
});

export const writeNoteBody = z.object({
  entryId: id,
  // The exact limit (200 characters as readers count them) is checked after normalising.
  text: z.string({ error: "请填写短评内容" }).max(2000, "短评至多 200 字"),
  language: z.string().max(8).optional(),
});

export const noteIdBody = z.object({ noteId: id });
export const likeNoteBody = noteIdBody.extend({
  action: z.enum(["like", "unlike"], { error: "action 只能是 like 或 unlike" }),
  language: z.string().max(8).optional(),
});
export const reportNoteBody = noteIdBody.extend({
  reason: z.enum(Object.keys(NOTE_REPORT_REASONS) as [NoteReportReason, ...NoteReportReason[]], {
    error: "举报理由只能是 spam、abuse、wrong 或 other",
  }),
  language: z.string().max(8).optional(),
});
export const hideNoteBody = noteIdBody.extend({
  hidden: z.boolean({ error: "hidden 应为 true 或 false" }),
  language: z.string().max(8).optional(),
});

export const entryNote = z.object({
  id: z.string(),
  entry: z.object({ id: z.string(), name: z.string() }),
  author: z.object({ name: z.string(), avatar: z.string().nullable() }),
  /** The text as typed. */
  text: z.string(),
  /** The same as link-only HTML (topics and web addresses linked), safe to insert. */
  html: z.string(),
  createdAt: z.string(),
  likeNum: z.number().int(),
  /** The asking reader likes it. */
  liked: z.boolean(),
  /** The asking reader wrote it. */
  mine: z.boolean(),
  /** One of the seeded sample notes. */
  sample: z.boolean(),
});
export type EntryNote = z.infer<typeof entryNote>;

export const notePage = listPage(entryNote);
export type NotePage = z.infer<typeof notePage>;

export const noteLikeStatus = z.object({ liked: z.boolean(), likeNum: z.number().int() });
export const noteReported = z.object({ reported: z.boolean(), hidden: z.boolean() });
export const noteHidden = z.object({ hidden: z.boolean() });
