import { describe, expect, it } from "vitest";
import type { BoardRepository } from "./board-repository.ts";
import { createBoardService } from "./boards.server.ts";
import { type PostActivityFeed, postActivityFeed } from "./post-activity-feed.ts";

const NOW = new Date("2026-11-25T09:00:00Z");
const hex = (c: string) => c.repeat(24);

/** The entry side as the repository answers it (the SQL is tested against the database). */
const entries: BoardRepository = {
  async rankEntries() {
    return [
      {
        id: "6d7a4faead8bc0b4ac83b821",
        name: "李白",
        kind: "person",
        summary: "诗人",
        time_desc: "701年—762年",
        score: 6,
        views: 6,
        likes: 0,
        comments: 0,
      },
    ];
  },
  async pruneViewDays() {},
};

describe("board service with the community's posts wired in", () => {
  it("ranks posts from the feed, mixes them with entries on the hot board, and asks once a minute", async () => {
    let asked = 0;
    let since = "";
    const feed: PostActivityFeed = async (from) => {
      asked++;
      since = from;
      return [
        {
          post: { id: hex("a"), title: "长安城的坊市", author: "示例读者·听雨", circle: "唐史圈" },
          days: [{ day: "2026-11-25", views: 2, likes: 1, comments: 1 }],
        },
        {
          post: { id: hex("b"), title: "说说赤壁", author: "示例读者·南山", circle: null },
          days: [{ day: "2026-11-21", views: 4, likes: 0, comments: 0 }],
        },
        {
          post: { id: hex("c"), title: "很久以前的帖子", author: "示例读者·竹间", circle: null },
          days: [{ day: "2026-11-01", views: 90, likes: 9, comments: 9 }],
        },
      ];
    };
    let clock = NOW.getTime();
    const boards = createBoardService({ boards: entries, posts: feed, now: () => new Date(clock) });
    const posts = await boards.list({ tab: "post", page: 1, size: 20 });
    expect(since).toBe("2026-11-19T00:00:00.000Z");
    // a: 2 + 3 + 5 = 10 today; b: 4 × 0.25 = 1; c is outside the window.
    expect(posts.list).toEqual([
      expect.objectContaining({ kind: "post", id: hex("a"), rank: 1, heat: 10, circle: "唐史圈" }),
      expect.objectContaining({ kind: "post", id: hex("b"), rank: 2, heat: 1 }),
    ]);
    const hot = await boards.hot({ page: 1 });
    expect(hot.list.map((i) => [i.kind, i.rank])).toEqual([
      ["post", 1],
      ["entry", 2],
      ["post", 3],
    ]);
    expect(asked).toBe(1);
    clock += 61_000;
    await boards.hot({ page: 1 });
    expect(asked).toBe(2);
  });
});

describe("postActivityFeed over the community's listPostActivity", () => {
  it("asks from the window's start, keeps visible posts, and titles them by their first line", async () => {
    let asked: { since: Date; limit?: number } | null = null;
    const feed = postActivityFeed(async (request) => {
      asked = request;
      const day = [{ day: "2026-11-25", views: 1, likes: 0, comments: 0 }];
      return [
        {
          post: {
            id: hex("a"),
            text: "  读《资治通鉴》第一卷，三家分晋写得极简\n第二行不进标题",
            author: { name: "示例读者·听雨" },
            circle: { name: "通鉴读书会" },
            status: "visible",
          },
          days: day,
        },
        {
          post: {
            id: hex("b"),
            text: "隐藏的帖子",
            author: { name: "某人" },
            circle: null,
            status: "hidden",
          },
          days: day,
        },
        {
          post: { id: hex("c"), text: "", author: { name: "示例读者·南山" }, circle: null },
          days: day,
        },
      ];
    });
    const rows = await feed("2026-11-19T00:00:00.000Z");
    expect(asked).toEqual({ since: new Date("2026-11-19T00:00:00.000Z"), limit: 1000 });
    expect(rows.map((r) => r.post)).toEqual([
      {
        id: hex("a"),
        title: "读《资治通鉴》第一卷，三家分晋写得极简",
        author: "示例读者·听雨",
        circle: "通鉴读书会",
      },
      { id: hex("c"), title: "（图片帖）", author: "示例读者·南山", circle: null },
    ]);
  });
});
