import { watchContentVersion } from "../content/watch-content-version.ts";
import { buildRelationGraph, type RelationEdge, type RelationGraph } from "./relation-graph.ts";

export interface RelationGraphSourceOptions {
  /** Reads every edge of the graph (the relation table but 作品). */
  load: () => Promise<RelationEdge[]>;
  /** Changes whenever content changes (`db:seed`, here or on another server). */
  contentVersion: () => Promise<string>;
  /** How often the version is read (`CONTENT_POLL_MS`). */
  pollMs: number;
}

export interface RelationGraphSource {
  /** The graph of the current content, built on first use and after each content change. */
  get(): Promise<RelationGraph>;
  /** Checks the content version now instead of at the next poll. */
  poll(): Promise<void>;
  /** Stops watching the content version (the server's shutdown). */
  close(): void;
}

/**
 * Keeps one relation graph per content version: built lazily (a server that is never asked a
 * graph question never reads the table), dropped when the content version changes, and built
 * once however many requests ask for it at the same time. A build that straddled a content
 * change is handed to the requests that waited for it but not kept.
 */
export function createRelationGraphSource(
  options: RelationGraphSourceOptions,
): RelationGraphSource {
  let graph: RelationGraph | null = null;
  let building: Promise<RelationGraph> | null = null;
  let generation = 0;
  let closed = false;
  const watch = watchContentVersion({
    contentVersion: options.contentVersion,
    pollMs: options.pollMs,
    onChange: () => {
      generation += 1;
      graph = null;
      building = null;
    },
  });

  return {
    get() {
      if (graph) return Promise.resolve(graph);
      if (building) return building;
      const startedIn = generation;
      const build = options
        .load()
        .then(buildRelationGraph)
        .then((built) => {
          if (startedIn === generation && !closed) graph = built;
          return built;
        })
        .finally(() => {
          if (building === build) building = null;
        });
      building = build;
      return build;
    },
    poll: watch.poll,
    close() {
      closed = true;
      watch.close();
      graph = null;
    },
  };
}
