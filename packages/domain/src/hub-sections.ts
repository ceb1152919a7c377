import { ROUTE_MANIFEST, type RouteSpec } from "./route-manifest.ts";

/**
 * 更多 (/home/more): every area of the product in one hub, grouped. Each tool names the manifest
 * route it opens; whether it links or says 即将上线 is read from the manifest, so a screen that
 * gets built starts linking here without a change to this list.
 */
export interface HubTool {
  name: string;
  /** What it is for, in a few words. */
  hint: string;
  /** The character drawn on its icon. */
  glyph: string;
  /** The address opened. */
  to: string;
  /** The manifest pattern of that address. */
  route: string;
}

export interface HubGroup {
  title: string;
  tools: HubTool[];
}

const t = (name: string, hint: string, glyph: string, to: string, route = to): HubTool => ({
  name,
  hint,
  glyph,
  to,
  route,
});

export const HUB_GROUPS: readonly HubGroup[] = [
  {
    title: "阅读",
    tools: [
      t("历史文章", "六大栏目", "文", "/ah"),
      t("世界史", "同时代的世界", "世", "/ah/worldhistory"),
      t("洞察", "一问一史", "察", "/insight"),
      t("热门词条", "人物朝代事件", "词", "/detail", "/detail/:id?"),
      t("国学", "典籍与诗文", "国", "/home/national"),
      t("字词", "读者短评", "字", "/words"),
      t("搜索", "人物诗句文章", "搜", "/search"),
    ],
  },
  {
    title: "时间与空间",
    tools: [
      t("历史列表", "历代政权与年代", "列", "/home/historylist"),
      t("时间轴", "横看历代", "轴", "/timebar"),
      t("时间柱", "纵看并立", "柱", "/timeColumn"),
      t("时间线", "一人一生", "线", "/timeline", "/timeline/:id?"),
      t("时空地图", "疆域变迁", "图", "/home/timemap"),
      t("空间轴", "一地古今", "地", "/home/spacebar"),
      t("历史遗址", "遗址与古城", "址", "/historicalsite/detail"),
      t("博物馆", "三维展厅", "馆", "/home/museum"),
      t("全景", "身临其境", "景", "/panorama"),
    ],
  },
  {
    title: "关系图谱",
    tools: [
      t("关系图谱", "谁和谁有关", "谱", "/home/relationalmap"),
      t("人物路径", "从 A 到 B", "径", "/home/abpath"),
      t("家族树", "世系与婚姻", "家", "/relation/family", "/relation/family/:id?"),
      t("格子图", "同类人物", "格", "/latticeDiagram"),
      t("问史", "问一个历史问题", "问", "/ai"),
    ],
  },
  {
    title: "榜单与数据",
    tools: [
      t("榜单", "浏览与国祚", "榜", "/home/top"),
      t("热榜", "七日热度", "热", "/board"),
      t("热门榜单", "帖子词条合排", "火", "/hotbillboard"),
      t("数据页", "语料统计图", "数", "/datapage/detail", "/datapage/detail/*"),
    ],
  },
  {
    title: "影音书画",
    tools: [
      t("名画", "传世画作", "画", "/paintingsort/all", "/paintingsort/*"),
      t("书籍", "书目与书单", "书", "/book/list/all", "/book/list/*"),
      t("音频", "听历史", "听", "/audio/detail"),
      t("中国音乐", "乐曲与歌单", "乐", "/music/landing"),
    ],
  },
  {
    title: "学习",
    tools: [
      t("学习天梯", "分级测评", "梯", "/ladder/list"),
      t("知识点", "考点精讲", "知", "/knowledgepoint"),
      t("学习记录", "练习与测评", "记", "/learnrecord"),
      t("每日打卡", "坚持读史", "卡", "/clockin"),
    ],
  },
  {
    title: "社区与我的",
    tools: [
      t("圈子", "读史同好", "圈", "/group/entry"),
      t("活跃读者", "大V", "V", "/largeV"),
      t("我的", "阅读与关注", "我", "/my"),
      t("我的阅读榜", "读过最多", "读", "/my/top"),
      t("开通会员", "会员权益", "会", "/buyvip"),
      t("兑换码", "兑换会员与课程", "兑", "/exchange"),
    ],
  },
];

/** A tool as the hub shows it: built ones link, planned ones say 即将上线. */
export interface HubToolView extends HubTool {
  built: boolean;
}

export function hubSections(
  manifest: readonly RouteSpec[] = ROUTE_MANIFEST,
): { title: string; tools: HubToolView[] }[] {
  const byPath = new Map(manifest.map((r) => [r.path, r]));
  return HUB_GROUPS.map((g) => ({
    title: g.title,
    tools: g.tools.map((tool) => {
      const spec = byPath.get(tool.route);
      if (!spec)
        throw new Error(`Hub tool ${tool.name} names ${tool.route}, no route of the manifest`);
      return { ...tool, built: spec.module !== undefined };
    }),
  }));
}
