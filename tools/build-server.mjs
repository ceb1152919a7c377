// Bundles the API server (and the workspace packages it imports) into ESM files: main.js (the
// entry: a supervisor or a server), prepare.js (the database preparation a supervisor runs in a
// child process) and the shared chunks they import on demand. Packages from node_modules stay
// external and are loaded at run time.
import { rmSync } from "node:fs";
import { build } from "esbuild";

// Chunk names carry hashes: old ones are cleared so the folder holds one build.
rmSync("apps/api/dist", { recursive: true, force: true });

await build({
  entryPoints: ["apps/api/src/main.ts", "apps/api/src/prepare.ts"],
  outdir: "apps/api/dist",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  alias: {},
  plugins: [
    {
      name: "bundle-workspace-packages",
      setup(b) {
        // @tongjian/* are TypeScript sources; bundle them instead of leaving them external.
        b.onResolve({ filter: /^@tongjian\// }, (args) => {
          const [, pkg, ...rest] = args.path.split("/");
          return {
            path: new URL(`../packages/${pkg}/src/${rest.join("/")}.ts`, import.meta.url).pathname,
          };
        });
      },
    },
  ],
  logLevel: "warning",
});
console.log("built apps/api/dist/main.js and prepare.js");
