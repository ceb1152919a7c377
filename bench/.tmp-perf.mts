import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
for (let i = 0; i < 2; i++) {
  const run = await lighthouse(process.argv[2]!, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const lhr = run!.lhr;
  console.log(
    "perf",
    lhr.categories.performance?.score,
    "tbt",
    lhr.audits["total-blocking-time"]?.numericValue,
    "bench",
    lhr.environment.benchmarkIndex,
  );
  const lt = (lhr.audits["long-tasks"]?.details as any)?.items ?? [];
  for (const t of lt)
    console.log("  long task", Math.round(t.startTime), Math.round(t.duration), t.url);
  const bt = (lhr.audits["bootup-time"]?.details as any)?.items ?? [];
  for (const t of bt)
    console.log(
      "  bootup",
      t.url,
      Math.round(t.total),
      "script",
      Math.round(t.scripting),
      "parse",
      Math.round(t.scriptParseCompile),
    );
}
await chrome.kill();
