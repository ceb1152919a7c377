import type { MyCampaignRewardsView } from "@tongjian/contracts/campaigns";
import type { OrderView } from "@tongjian/contracts/commerce";
import type { StudyOverview } from "@tongjian/contracts/study-records";
import { chinaDay } from "@tongjian/domain/china-time";
import { formatFen } from "@tongjian/domain/commerce";
import type { UserViewer, Viewer } from "@tongjian/domain/viewer";
import type { MySlotSource } from "./my-slots.ts";

/** Items each of these sections shows on /my. */
const SHOWN = 3;

/** 我的订单 on /my: the latest orders with their state and amount, each linked to its page. */
export function myOrdersSlot(list: (viewer: Viewer) => Promise<OrderView[]>): MySlotSource {
  return {
    key: "orders",
    title: "我的订单",
    emptyText: "开通会员、购买课程或兑换商品后，订单会显示在这里。",
    moreHref: "/order",
    async load(viewer) {
      if (viewer.kind !== "user") return [];
      return (await list(viewer)).slice(0, SHOWN).map((o) => ({
        title: o.product.title,
        href: `/order/${o.orderNum}`,
        meta: `${o.stateLabel} · ${formatFen(o.payFen)}`,
      }));
    },
  };
}

/** 学习进度 on /my: today, this week and the streak, from the study records. */
export function myStudySlot(
  overview: (viewer: UserViewer) => Promise<StudyOverview>,
): MySlotSource {
  const minutes = (seconds: number) => Math.round(seconds / 60);
  return {
    key: "study",
    title: "学习进度",
    emptyText: "参加天梯、知识点练习或深度测评后，学习进度会显示在这里。",
    moreHref: "/studyrecord",
    async load(viewer) {
      if (viewer.kind !== "user") return [];
      const o = await overview(viewer);
      if (o.totals.days === 0 && !o.checkedToday) return [];
      return [
        {
          title: `今天学习 ${minutes(o.todaySums.seconds)} 分钟，答题 ${o.todaySums.answered} 道`,
          href: "/studyrecord",
          meta: o.checkedToday ? "今日已打卡" : "今日未打卡",
        },
        {
          title: `本周学习 ${minutes(o.weekSums.seconds)} 分钟，答对 ${o.weekSums.correct} 道`,
          href: "/studyrecord",
          meta: `连续 ${o.streaks.current} 天 · 最长 ${o.streaks.longest} 天`,
        },
      ];
    },
  };
}

/** 活动奖励 on /my: the latest rewards campaigns gave (decision 39), each linked to its campaign. */
export function myCampaignRewardsSlot(
  rewards: (viewer: Viewer) => Promise<MyCampaignRewardsView>,
): MySlotSource {
  return {
    key: "campaign-rewards",
    title: "活动奖励",
    emptyText: "参加求签、答题、投票、邀请好友等活动获得的徽章与奖励会显示在这里。",
    moreHref: null,
    async load(viewer) {
      const mine = await rewards(viewer);
      return mine.rewards.slice(0, SHOWN).map((r) => ({
        title: r.label,
        href: r.path,
        meta: `${r.campaignTitle} · ${chinaDay(new Date(r.grantedAt))}`,
      }));
    },
  };
}
