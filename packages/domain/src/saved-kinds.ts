/**
 * What a reader can save, by kind (issue 16, "saved A-to-B paths and custom graphs"). The graph
 * screens write these rows (the `saved` service); /my lists them under the kind's label and
 * links each to the screen that opens it. A new kind is one line here.
 */
export const SAVED_KINDS = ["abpath", "graph"] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];

export interface SavedKindInfo {
  /** The tab and section label. */
  label: string;
  /** What the empty list tells the reader will appear here, and how. */
  empty: string;
  /** The screen that opens a saved item, from its own id. */
  href: (refId: string) => string;
}

export const SAVED_KIND_INFO: Readonly<Record<SavedKind, SavedKindInfo>> = {
  abpath: {
    label: "关系路径",
    empty: "在「人物关系路径」里查两人之间的关系链并保存，保存的A到B路径会出现在这里。",
    // Spec §7: GET /api/m/abPathSave/v1/n/detail/{lang}/{id} reads a saved path.
    href: (refId) => `/abpath?saveId=${encodeURIComponent(refId)}`,
  },
  graph: {
    label: "自定义关系图",
    empty: "在关系图谱里编辑并保存自己的关系图，保存的图会出现在这里。",
    // Spec §7: GET /api/customRelationGraph/{lang}/{id} reads a custom graph.
    href: (refId) => `/relationedit/detail?id=${encodeURIComponent(refId)}`,
  },
};

export function isSavedKind(value: unknown): value is SavedKind {
  return (SAVED_KINDS as readonly unknown[]).includes(value);
}
