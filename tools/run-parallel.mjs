// Runs npm scripts side by side and fails when any fails, with each one's output kept whole and
// printed when it ends: `node tools/run-parallel.mjs lint typecheck build+test:unit`. An argument
// joined with `+` is one lane: its scripts run one after another, and the lane stops at the first
// that fails. `npm test` runs the lint and the type checks (one core) beside the build (mostly one
// core) and then the unit tests, which need no build, on a two-core machine.
import { spawn } from "node:child_process";

function runScript(script) {
  return new Promise((resolve) => {
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
  });
}

async function runLane(lane) {
  for (const script of lane.split("+")) {
    const code = await runScript(script);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(process.argv.slice(2).map(runLane));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
