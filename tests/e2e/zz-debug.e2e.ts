import { it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { startServer } from "../support/start-server.ts";

it("debug", async () => {
  const server = await startServer({ contentDir: "content" });
  const browser = await launchBrowser();
  const feed = await (await fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`)).json();
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/ah/article/${feed.data.list[0].id}`);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  console.log(
    await page.evaluate(() => {
      const el = document.querySelector(".tj-bottombar") as HTMLElement;
      const cs = getComputedStyle(el);
      return [
        cs.backgroundColor,
        cs.opacity,
        cs.transform,
        cs.backdropFilter,
        el.getAnimations().map((a) => a.playState),
      ];
    }),
  );
  await page.goto(`${server.baseUrl}/redirectpage`);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: "test-results/screenshots/zz-redirect.png" });
  await page.getByTestId("download-open-app").click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: "test-results/screenshots/zz-redirect-failed.png" });
  const c2 = await phoneContext(
    browser,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN",
  );
  const p2 = await c2.newPage();
  await p2.goto(`${server.baseUrl}/redirectpage`);
  await p2.waitForLoadState("networkidle");
  await p2.screenshot({ path: "test-results/screenshots/zz-redirect-wechat.png" });
  await p2.goto(`${server.baseUrl}/redirectpage?redirect=javascript:alert(1)`);
  await p2.screenshot({ path: "test-results/screenshots/zz-redirect-400.png" });
  await browser.close();
  await server.stop();
}, 60000);
