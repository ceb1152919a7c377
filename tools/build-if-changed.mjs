// `npm start` builds only when the sources changed since the last build: a restart with the build
// in place goes straight to serving. The fingerprint covers every file the two builds read (the
// web app, the API, the workspace packages, the build tools and the installed dependencies'
// lockfile); it is written after a successful build, beside the server build.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = "apps/api/dist/.source-hash";
const OUTPUTS = ["apps/api/dist/main.js", "apps/web/build/server/index.js"];
const INPUTS = [
  "apps/web/app",
  "apps/web/sw",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "apps/api/src",
  "apps/api/package.json",
  "packages",
  "tools/build-server.mjs",
  "tools/build-sw.ts",
  "package.json",
  "package-lock.json",
];
const SKIPPED = new Set(["node_modules", "build", "dist", ".react-router"]);

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((d) => !SKIPPED.has(d.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => files(join(path, d.name)));
}

function fingerprint() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) {
    hash.update(file);
    hash.update("\0");
    hash.update(readFileSync(file));
  }
  hash.update(process.version);
  return hash.digest("hex");
}

const current = fingerprint();
const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : null;
if (built === current && OUTPUTS.every((f) => existsSync(f))) {
  console.log("build is up to date");
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, `${current}\n`);
}
