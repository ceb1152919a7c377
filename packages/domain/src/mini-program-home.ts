import type { MiniProgramPageKey } from "./mini-program-pages.ts";

/**
 * The mini program's home (/wxapphome) as an H5 page, and what /openxcx says it offers: each
 * entrance of the mini program's home with the route of this site that shows the same thing,
 * and, where the mini program has the page, its key for a URL scheme (mini-program-pages.ts).
 */
export interface MiniProgramEntrance {
  key: string;
  title: string;
  summary: string;
  /** The page of this site with the same content. */
  route: string;
  /** The mini program's own page, when it has one. */
  miniPage: MiniProgramPageKey | null;
}

export const MINI_PROGRAM_ENTRANCES: readonly MiniProgramEntrance[] = [
  {
    key: "home",
    title: "读历史",
    summary: "每日精选的历史文章、人物与事件，随时翻阅。",
    route: "/",
    miniPage: "home",
  },
  {
    key: "ladder",
    title: "天梯学习",
    summary: "按年级分级的文史课程，一级一级往上学。",
    route: "/ladderintroduce",
    miniPage: "ladder",
  },
  {
    key: "clockin",
    title: "每日打卡",
    summary: "每天读一点、答一题，记录学习天数。",
    route: "/clockin",
    miniPage: "clockin",
  },
  {
    key: "vip",
    title: "会员中心",
    summary: "开通会员，解锁全部课程与深度内容。",
    route: "/buyvip",
    miniPage: "vip",
  },
  {
    key: "divination",
    title: "历史求签",
    summary: "每天一支历史签：经典名句配一段历史故事。",
    route: "/divination",
    miniPage: null,
  },
  {
    key: "greetingcard",
    title: "节日贺卡",
    summary: "挑一张节日贺卡，配一句古诗文祝福送给亲友。",
    route: "/greetingcard",
    miniPage: null,
  },
];

/** What opening the mini program from a page needs to say when it cannot (Chinese). */
export function miniProgramLaunchProblem(status: number | null): string {
  if (status === 503) return "小程序暂未配置，请稍后再试，或直接在下方使用网页版。";
  if (status === 502 || status === 504) return "微信服务暂时不可用，请稍后重试。";
  if (status === null) return "网络异常，请检查网络后重试。";
  return "打开小程序失败，请稍后重试。";
}
