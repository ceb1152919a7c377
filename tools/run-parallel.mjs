// Runs npm scripts side by side and fails when any fails, with each one's output kept whole and
// printed when it ends: `node tools/run-parallel.mjs typecheck build`. `npm test` runs the type
// checks (one core) beside the build (mostly one core) on a two-core machine.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn("npm", ["run", "--silent", script], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        process.stdout.write(`\n── npm run ${script} (${seconds} s, exit ${code}) ──\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
