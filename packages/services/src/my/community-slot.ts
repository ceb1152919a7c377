import type { Post } from "@tongjian/contracts/community";
import { truncateText } from "@tongjian/domain/text-length";
import type { Viewer } from "@tongjian/domain/viewer";
import type { MySlotSource } from "./my-slots.ts";

/** Posts shown in the /my section, newest first. */
const MY_POSTS_SHOWN = 5;
/** A post's line on /my: its opening words. */
const MY_POST_TITLE_WIDTH = 40;

/**
 * 我的帖子 on /my: the reader's latest posts in the circles (the community's own list of posts by
 * author), each linked to its page.
 */
export function myPostsSlot(
  posts: (request: {
    authorId: string;
    page: number;
    size: number;
    viewer: Viewer;
  }) => Promise<{ list: Post[] }>,
): MySlotSource {
  return {
    key: "posts",
    title: "我的帖子",
    emptyText: "在圈子里发的帖子会显示在这里。",
    moreHref: "/group/entry",
    async load(viewer) {
      if (viewer.kind !== "user") return [];
      const { list } = await posts({
        authorId: viewer.userId,
        page: 1,
        size: MY_POSTS_SHOWN,
        viewer,
      });
      return list.map((p) => ({
        title:
          truncateText(p.text.split("\n")[0]?.trim() ?? "", MY_POST_TITLE_WIDTH) || "（图片帖）",
        href: `/community/detail?id=${p.id}`,
        meta: `${p.circle.name} · ${p.likeCount} 赞 · ${p.commentCount} 评论`,
      }));
    },
  };
}
