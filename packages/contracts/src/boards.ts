import { z } from "zod";
import { listPage, pageNumber, pageSize } from "./common.ts";

// Boards (issue 16 Social §3): GET /api/m/board/v1/n/list/:tab (/board's 帖子 / 词条 tabs) and
// GET /api/m/board/v1/n/hot (/hotbillboard, 10 a page, spec §9). The rule is in
// packages/domain/src/board-ranking.ts.

export const boardTab = z.enum(["post", "entry"], {
  error: "榜单只有 post（帖子）和 entry（词条）",
});
export const boardListParams = z.object({ tab: boardTab });
export const boardListQuery = z.object({
  page: pageNumber.default(1),
  size: pageSize(50).default(20),
});
export const hotBoardQuery = z.object({ page: pageNumber.default(1) });

const activity = {
  /** Place on the board, from 1. */
  rank: z.number().int(),
  /** Decayed points, whole (at least 1). */
  heat: z.number().int(),
  /** Raw counts over the window. */
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
};

export const boardEntryItem = z.object({
  kind: z.literal("entry"),
  id: z.string(),
  name: z.string(),
  entryKind: z.string(),
  summary: z.string(),
  timeDesc: z.string().nullable(),
  ...activity,
});

export const boardPostItem = z.object({
  kind: z.literal("post"),
  id: z.string(),
  /** The post's opening words. */
  title: z.string(),
  author: z.string(),
  circle: z.string().nullable(),
  ...activity,
});

export const boardItem = z.discriminatedUnion("kind", [boardEntryItem, boardPostItem]);
export type BoardItem = z.infer<typeof boardItem>;
export type BoardEntryItem = z.infer<typeof boardEntryItem>;
export type BoardPostItem = z.infer<typeof boardPostItem>;

export const boardPage = listPage(boardItem).extend({
  /** The ranking rule, as shown on the page. */
  rule: z.string(),
  /** When this ranking was computed (ISO). */
  rankedAt: z.string(),
});
export type BoardPage = z.infer<typeof boardPage>;
