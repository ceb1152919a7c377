/** The top lists of /home/top (issue 18 §2), in the order of their tabs. */
export const TOP_BOARDS = ["views", "people", "regimes", "poets", "hot"] as const;
export type TopBoard = (typeof TOP_BOARDS)[number];

export const TOP_BOARD_NAMES: Readonly<Record<TopBoard, string>> = {
  views: "阅读最多",
  people: "关系最多",
  regimes: "国祚最长",
  poets: "存诗最多",
  hot: "七日热门",
};

/** `?board=` as the address gives it: a board, anything else the first. */
export function readTopBoard(raw: string | null): TopBoard {
  return (TOP_BOARDS as readonly string[]).includes(raw ?? "") ? (raw as TopBoard) : "views";
}
