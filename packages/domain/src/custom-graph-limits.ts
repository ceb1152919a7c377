/**
 * Limits of a reader's own relation graph (/relationedit): the API checks them and the editor
 * shows them before a reader runs into one.
 */
export const CUSTOM_GRAPH_LIMITS = {
  titleMax: 30,
  descriptionMax: 200,
  nodesMax: 100,
  edgesMax: 300,
  labelMax: 20,
} as const;
