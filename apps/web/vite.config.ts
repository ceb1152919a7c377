import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Rollup } from "vite";
import { terserFirstLoad } from "./terser-first-load";

type ModuleInfoOf = (id: string) => Rollup.ModuleInfo | null;

/** Per build (keyed by the build's module lookup), so a watch rebuild starts afresh. */
const rootGraphs = new WeakMap<ModuleInfoOf, Set<string>>();

/**
 * Our modules that the root route imports statically (the shell, and the domain rules it uses):
 * every page loads all of them first, so they go out as one chunk rather than a dozen small ones,
 * each with its own imports and exports to pay for. Modules loaded on demand (`import()`: the
 * pop-up layers, the WeChat code, the native bridge) stay out, since only static imports are
 * followed.
 */
function inRootGraph(id: string, moduleInfo: ModuleInfoOf): boolean {
  let rootGraph = rootGraphs.get(moduleInfo);
  if (!rootGraph) {
    const start = findRoot(id, moduleInfo);
    if (!start) return false;
    const graph = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const next = queue.pop() as string;
      if (graph.has(next) || next.includes("node_modules") || next.endsWith(".css")) continue;
      graph.add(next);
      queue.push(...(moduleInfo(next)?.importedIds ?? []));
    }
    rootGraph = graph;
    rootGraphs.set(moduleInfo, graph);
  }
  return rootGraph.has(id);
}

/** The root route's module, found from any module of the app by walking up its importers. */
function findRoot(id: string, moduleInfo: ModuleInfoOf): string | null {
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    if (/\/app\/root\.tsx(\?.*)?$/.test(next)) return next;
    const info = moduleInfo(next);
    queue.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
  }
  return null;
}

/** React Router's own production build (its package exports only the development one in 7.x). */
const routerProduction = join(
  dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [reactRouter(), terserFirstLoad()],
  // The browser gets React Router's production build: the same code without its development
  // warnings and checks (decision 19). One copy for the whole client bundle, so every module
  // shares its contexts; the server keeps the package's default build.
  resolve:
    isSsrBuild || mode !== "production"
      ? {}
      : {
          alias: [
            { find: /^react-router$/, replacement: join(routerProduction, "index.mjs") },
            { find: /^react-router\/dom$/, replacement: join(routerProduction, "dom-export.mjs") },
          ],
        },
  // antd-mobile's modules import their CSS, which Node cannot load: the server build bundles
  // the library (and drops the CSS) instead of importing it at run time. The pop-ups it draws
  // are never rendered on the server, but their chunk is in the server build.
  ssr: { noExternal: ["antd-mobile"] },
  build: {
    target: "es2020",
    cssCodeSplit: true,
    // esbuild minifies the browser's code, and terser goes over what pages load first
    // (terser-first-load.ts). The server build stays readable.
    minify: isSsrBuild ? false : "esbuild",
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: (id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }) => {
              // react-dom in one chunk: the pop-up chunks (antd-mobile) use its createPortal,
              // and left to itself Rollup would split react-dom's small index module from its
              // client, ~0.6 KB (gzip) more on every page's first load
              // (docs/decisions/0014-antd-mobile-pop-ups-on-demand.md).
              if (/node_modules\/(react-dom|scheduler)\//.test(id)) return "react-dom";
              if (!id.includes("node_modules") && inRootGraph(id, getModuleInfo)) return "shell";
              return undefined;
            },
          },
        },
  },
}));
