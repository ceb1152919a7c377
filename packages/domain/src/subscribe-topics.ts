/**
 * What a reader can subscribe to on /subscribe (issue 16 Login flow 2): stored per reader
 * (account, else WeChat visitor). Updates reach readers through the official account, so the
 * page also shows whether the reader follows it.
 */
export const SUBSCRIBE_TOPICS = [
  { key: "articles", title: "新文章", desc: "历史文章栏目发布新文章时提醒我" },
  { key: "today", title: "历史上的今天", desc: "每天推送一则当天发生过的历史事件" },
  { key: "board", title: "每周热榜", desc: "每周一汇总上一周热榜前十的帖子和词条" },
  { key: "words", title: "短评回响", desc: "我的短评被点赞时提醒我" },
  { key: "activities", title: "活动通知", desc: "答题、打卡等活动开始时提醒我" },
  { key: "orders", title: "订单通知", desc: "订单支付成功、退款完成时提醒我" },
  { key: "vip-expiry", title: "会员到期提醒", desc: "会员到期前三天提醒我续费" },
  { key: "live", title: "直播提醒", desc: "我预约的直播开播前提醒我" },
] as const;

export type SubscribeTopic = (typeof SUBSCRIBE_TOPICS)[number]["key"];
export const SUBSCRIBE_TOPIC_KEYS = SUBSCRIBE_TOPICS.map((t) => t.key) as [
  SubscribeTopic,
  ...SubscribeTopic[],
];

export function isSubscribeTopic(value: string): value is SubscribeTopic {
  return (SUBSCRIBE_TOPIC_KEYS as readonly string[]).includes(value);
}
