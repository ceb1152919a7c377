import { launchBrowser, phoneContext } from "./tests/support/browser.ts";
import { startServer } from "./tests/support/start-server.ts";
const server = await startServer({ contentDir: "content" });
const browser = await launchBrowser();
for (const path of ["/home/timemap", "/home/timemap"]) {
const context = await phoneContext(browser);
await context.addInitScript(`window.__lt=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__lt.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});`);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await page.goto(server.baseUrl + path, { waitUntil: "load" });
await page.waitForFunction(() => document.querySelector("[data-testid=timemap-canvas]")?.getAttribute("data-year"), null, {timeout: 60000});
await new Promise(r => setTimeout(r, 3000));
const r = await page.evaluate(() => ({lt: (window as any).__lt, m: performance.getEntriesByType("measure").map(e => [e.name, Math.round(e.startTime), Math.round(e.duration)]), fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime}));
console.log(JSON.stringify(r));
await context.close();
}
await browser.close(); await server.stop();
