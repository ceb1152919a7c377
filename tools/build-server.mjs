// Bundles the API server (and the workspace packages it imports) into one ESM file.
// Packages from node_modules stay external and are loaded at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["apps/api/src/main.ts"],
  outfile: "apps/api/dist/main.js",
  bundle: true,
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
console.log("built apps/api/dist/main.js");
