import type { MySlot } from "@tongjian/contracts/my";
import type { Viewer } from "@tongjian/domain/viewer";

/**
 * Sections of /my that later features fill (issue 16: "slots that orders and study progress
 * will fill"). A feature adds its section here, in one place: its title, what the empty section
 * says, its own page, and `load`, which answers the reader's latest items. A slot without
 * `load` has no feature behind it yet and shows its empty text, labelled as such.
 */
export interface MySlotSource {
  key: string;
  title: string;
  emptyText: string;
  moreHref: string | null;
  load?: (viewer: Viewer) => Promise<MySlot["items"]>;
}

export const MY_SLOT_SOURCES: readonly MySlotSource[] = [
  {
    key: "orders",
    title: "我的订单",
    emptyText: "开通会员、购买课程或兑换商品后，订单会显示在这里。",
    moreHref: null,
  },
  {
    key: "study",
    title: "学习进度",
    emptyText: "参加天梯、知识点练习或深度测评后，学习进度会显示在这里。",
    moreHref: null,
  },
];

/** The slots as /my shows them: each with the items its feature loads (none yet). */
export async function loadMySlots(
  viewer: Viewer,
  sources: readonly MySlotSource[] = MY_SLOT_SOURCES,
): Promise<MySlot[]> {
  return Promise.all(
    sources.map(async ({ load, ...slot }) => ({
      ...slot,
      ready: load !== undefined,
      items: load
        ? await load(viewer).catch((error: unknown) => {
            // One feature failing leaves the rest of /my as it is.
            console.warn(`我的页面「${slot.title}」加载失败`, error);
            return [];
          })
        : [],
    })),
  );
}
