import { minify } from "terser";
import type { Plugin, Rollup } from "vite";

/** The modules a page starts from: the client entry, the root route and each route's module. */
const START = /\/app\/(entry\.client|root)\.tsx|\/app\/routes\//;

/**
 * The chunks some page loads before it can be used: the client entry, the root route and every
 * route module, with what they import statically. Chunks reached only through `import()` (the
 * 3D scenes, ECharts, hls.js, the pop-ups) are not among them.
 */
function firstLoadChunks(chunks: Record<string, Rollup.RenderedChunk>): Set<string> {
  const found = new Set<string>();
  const queue = Object.values(chunks)
    .filter((chunk) => chunk.isEntry || START.test(chunk.facadeModuleId ?? ""))
    .map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const fileName = queue.pop() as string;
    if (found.has(fileName)) continue;
    found.add(fileName);
    queue.push(...(chunks[fileName]?.imports ?? []));
  }
  return found;
}

/** Whether every module of a chunk is a library's (three.js, ECharts, hls.js …). */
function librariesOnly(chunk: Rollup.RenderedChunk): boolean {
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes("/node_modules/"));
}

/**
 * Terser, three passes, after esbuild has minified the whole client build, over the code pages
 * load first and every chunk with code of ours in it: on the first load its passes take ~3 KB
 * (gzip) more off than esbuild's minifier, which matters against the 125 KB budget, and the
 * screens' own chunks loaded on demand (the maps, the charts' pages) keep the same treatment.
 * Chunks of libraries alone loaded on demand (three.js, ECharts, hls.js) keep esbuild's output:
 * running terser over them cost the build about half a minute for no first-load byte
 * (docs/decisions/0053-terser-on-the-first-load.md).
 */
export function terserFirstLoad(): Plugin {
  let firstLoad: Set<string> | null = null;
  return {
    name: "tongjian:terser-first-load",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderStart() {
      firstLoad = null;
    },
    renderChunk: {
      order: "post",
      async handler(code, chunk, _options, meta) {
        firstLoad ??= firstLoadChunks(meta.chunks);
        if (!firstLoad.has(chunk.fileName) && librariesOnly(chunk)) return null;
        const result = await minify(code, {
          module: true,
          compress: { passes: 3 },
          sourceMap: false,
          safari10: true,
        });
        return result.code === undefined ? null : { code: result.code, map: null };
      },
    },
  };
}
