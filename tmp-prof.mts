import { launchBrowser, phoneContext } from "./tests/support/browser.ts";
import { startServer } from "./tests/support/start-server.ts";
const server = await startServer({ contentDir: "content" });
const top = await (await fetch(server.baseUrl + "/api/m/homeservice/top/n/list?page=1&size=10")).json() as any;
const id = JSON.stringify(top.data).match(/[0-9a-f]{24}/)?.[0];
const browser = await launchBrowser();
const path = process.argv[2] === "map" ? "/home/timemap" : "/relation?id=" + id;
// warm
{ const c = await phoneContext(browser); const p = await c.newPage(); await p.goto(server.baseUrl + path, {waitUntil:"load"}); await new Promise(r=>setTimeout(r,3000)); await c.close(); }
const context = await phoneContext(browser);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Profiler.start");
await page.goto(server.baseUrl + path, { waitUntil: "load" });
await new Promise(r => setTimeout(r, 8000));
const { profile } = await cdp.send("Profiler.stop") as any;
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas as number[];
const counts = new Map<number, number>();
profile.samples.forEach((s: number, i: number) => counts.set(s, (counts.get(s) ?? 0) + (dt[i] ?? 0)));
for (const [nid, t] of counts) { const n: any = byId.get(nid); const cf = n.callFrame; const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").pop()}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + t); }
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
for (const [k, t] of rows) console.log((t / 1000).toFixed(0).padStart(6), k);
// by url
const byUrl = new Map<string, number>();
for (const [nid, t] of counts) { const n: any = byId.get(nid); const u = n.callFrame.url.split("/").pop() || n.callFrame.functionName; byUrl.set(u, (byUrl.get(u) ?? 0) + t); }
console.log("--- by url"); for (const [k, t] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((t / 1000).toFixed(0).padStart(6), k);
await browser.close(); await server.stop();
