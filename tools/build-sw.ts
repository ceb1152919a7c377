// Builds the service worker (/sw.js) and the offline page (/offline.html) into the client build,
// after React Router's build (decision 16). Workbox's modules are bundled with esbuild; the
// precache list, the build version and the route manifest are written into the worker here, the
// way workbox-build's injectManifest would, from React Router's own manifest of the build.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { renderOfflinePageHtml } from "../apps/web/app/features/offline/offline-page-html.ts";
import type { RouteManifestEntry, ServiceWorkerBuild } from "../apps/web/sw/build-info.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = join(root, "apps/web/build/client");
const OFFLINE_PAGE = "/offline.html";
const ICONS = ["/favicon.svg"];

interface RouterManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, RouteManifestEntry & { imports?: string[]; css?: string[] }>;
  url: string;
  version: string;
}

/** React Router writes its manifest as `window.__reactRouterManifest={…};` in assets/manifest-*.js. */
function readRouterManifest(): RouterManifest {
  const assets = join(clientDir, "assets");
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`expected one React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, files[0] as string), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as RouterManifest;
}

/** Paths in the manifest may carry a `#` (React Router marks CSS that way). */
const clean = (url: string) => url.replace(/#.*$/, "");

function hash(content: string | Buffer, length = 12): string {
  return createHash("sha256").update(content).digest("hex").slice(0, length);
}

async function bundle(entry: string, options: { define?: Record<string, string> } = {}) {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"', ...options.define },
    logLevel: "warning",
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}

const manifest = readRouterManifest();
const rootRoute = manifest.routes.root;
if (!rootRoute) throw new Error("React Router manifest has no root route");

/**
 * The chunks a shell file loads on demand (the pop-up layers, the native bridge): its `import()`
 * targets and the files Vite lists for them in its `__vite__mapDeps` helper (their imports and
 * styles).
 */
function onDemandFiles(url: string): string[] {
  if (!url.endsWith(".js")) return [];
  const code = readFileSync(join(clientDir, url.slice(1)), "utf8");
  const found = new Set<string>();
  for (const m of code.matchAll(/\bimport\("\.\/([\w.-]+\.js)"\)/g)) found.add(`/assets/${m[1]}`);
  const deps = /__vite__mapDeps=[^;]*?m\.f=\[([^\]]*)\]/.exec(code)?.[1] ?? "";
  for (const m of deps.matchAll(/"(assets\/[\w.-]+\.(?:js|css))"/g)) found.add(`/${m[1]}`);
  return [...found];
}

// The shell: what every page loads first (entry, root route, their imports and styles), what
// those load on demand (the pop-ups every screen can open) and the route manifest. Screens' own
// chunks are not precached: a saved page keeps the files it names.
const stylesheets = [...new Set([...(manifest.entry.css ?? []), ...(rootRoute.css ?? [])])].map(
  clean,
);
const shell = [
  ...new Set(
    [
      manifest.entry.module,
      ...manifest.entry.imports,
      rootRoute.module,
      ...(rootRoute.imports ?? []),
      ...stylesheets,
      manifest.url,
    ].map(clean),
  ),
];
shell.push(...new Set(shell.flatMap(onDemandFiles).filter((url) => !shell.includes(url))));

const offlineHtml = renderOfflinePageHtml({
  stylesheets,
  script: await bundle("apps/web/app/features/offline/offline-page-script.ts"),
});
writeFileSync(join(clientDir, OFFLINE_PAGE.slice(1)), offlineHtml);

const precache: ServiceWorkerBuild["precache"] = [
  ...shell.map((url) => ({ url, revision: null })),
  { url: OFFLINE_PAGE, revision: hash(offlineHtml) },
  ...ICONS.map((url) => ({ url, revision: hash(readFileSync(join(clientDir, url.slice(1)))) })),
];

const buildInfo = (version: string): ServiceWorkerBuild => ({
  version,
  routerVersion: manifest.version,
  precache,
  offlinePage: OFFLINE_PAGE,
  // Every route, to answer React Router's route discovery offline (sw/offline-answers.ts).
  routes: manifest.routes,
});
const workerEntry = "apps/web/sw/service-worker.ts";
const define = (version: string) => ({ __TJ_BUILD__: JSON.stringify(buildInfo(version)) });
// The version is the worker's own content: it changes when the shell, the offline page, the
// routes or the worker's code change, and not otherwise.
const version = hash(await bundle(workerEntry, { define: define("") }), 10);
const worker = await bundle(workerEntry, { define: define(version) });
writeFileSync(join(clientDir, "sw.js"), worker);

const sizes = precache.map(({ url }) => {
  const content = readFileSync(join(clientDir, url.slice(1)));
  return { raw: statSync(join(clientDir, url.slice(1))).size, gzip: gzipSync(content).length };
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (key: "raw" | "gzip") => sizes.reduce((total, s) => total + s[key], 0);
console.log(
  `built sw.js (version ${version}, ${kb(Buffer.byteLength(worker))}, ${kb(gzipSync(worker).length)} gzip) ` +
    `and offline.html; precache: ${precache.length} files, ${kb(sum("raw"))}, ${kb(sum("gzip"))} gzip`,
);
