/**
 * The mini program's pages a URL scheme may open (`GET /api/m/social/wx/v1/n/getUrlScheme?key=`,
 * spec §7). Only these keys are answered: a scheme is made by the server with the mini program's
 * secret, so callers name a page, never a path of their own.
 */
export const MINI_PROGRAM_PAGES = {
  home: { path: "pages/index/index", query: "", title: "通鉴小程序首页" },
  ladder: { path: "pages/ladder/index", query: "", title: "天梯学习" },
  clockin: { path: "pages/clockin/index", query: "", title: "每日打卡" },
  vip: { path: "pages/vip/index", query: "", title: "会员中心" },
} as const satisfies Record<string, { path: string; query: string; title: string }>;

export type MiniProgramPageKey = keyof typeof MINI_PROGRAM_PAGES;
export const MINI_PROGRAM_PAGE_KEYS = Object.keys(MINI_PROGRAM_PAGES) as [
  MiniProgramPageKey,
  ...MiniProgramPageKey[],
];

/** WeChat keeps an expiring scheme at most 30 days; ours ask for this many. */
export const URL_SCHEME_DAYS = 30;
/** A scheme is reused until this close to its expiry. */
export const URL_SCHEME_REUSE_MARGIN_DAYS = 1;
