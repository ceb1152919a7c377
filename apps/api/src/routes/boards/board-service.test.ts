import { contentId } from "@tongjian/content/load-content";
import type { BoardRepository } from "@tongjian/services/boards/board-repository";
import { createBoardService } from "@tongjian/services/boards/boards.server";
import type { PostActivityFeed } from "@tongjian/services/boards/post-activity-feed";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-11-25T09:00:00Z");
const hex = (c: string) => c.repeat(24);

/** The entry side as the repository answers it (the SQL is tested against the database). */
const entries: BoardRepository = {
  async rankEntries() {
    return [
      {
        id: contentId("person", "li-bai"),
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
    expect(posts.postsAvailable).toBe(true);
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
