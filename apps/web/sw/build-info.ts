/**
 * What the build (tools/build-sw.ts) writes into the service worker: its version, the shell it
 * precaches and the route manifest of the React Router build it belongs to.
 */
export interface RouteManifestEntry {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  [key: string]: unknown;
}

export interface ServiceWorkerBuild {
  /** Changes with every build whose service worker or shell differs; part of every cache name. */
  version: string;
  /** React Router's manifest version (the `version` parameter of its `/__manifest` calls). */
  routerVersion: string;
  /** The precached shell: hashed files with no revision, others with their content hash. */
  precache: { url: string; revision: string | null }[];
  offlinePage: string;
  routes: Record<string, RouteManifestEntry>;
}

declare const __TJ_BUILD__: ServiceWorkerBuild;

export const BUILD: ServiceWorkerBuild = __TJ_BUILD__;
