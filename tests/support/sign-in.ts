import { randomInt } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";

// Signing in and out in browser journeys, as tests/e2e/accounts.e2e.ts does it: through /login's
// forms, with SMS codes read from the simulator's outbox (the server runs with
// SMS_PROVIDER=simulator). Shared so that every journey that needs a reader signs in one way.

/** A mainland number no earlier run used. */
export const newPhone = () => `137${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;

/** The code the SMS simulator last sent to the number; it arrives a moment after the click. */
export async function sentCode(baseUrl: string, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/api/dev/sms/outbox?phone=${phone}`);
    if (res.status === 200) return (await res.json()).data.code as string;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** GET /api/user/info with the context's cookies: code 600 when signed out. */
export async function userInfo(baseUrl: string, context: BrowserContext) {
  const res = await context.request.get(`${baseUrl}/api/user/info`);
  return (await res.json()) as { code: number; data: Record<string, string | null> | null };
}

/**
 * The form of 注册 and 忘记密码 on /login: the phone, an SMS code asked for and read from where the
 * test's SMS provider put it (`code`), and the password to set; the caller presses the button.
 */
export async function fillCodeAndPassword(
  page: Page,
  options: { phone: string; code: () => Promise<string>; password: string },
) {
  await page.getByLabel("手机号", { exact: true }).fill(options.phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByText("验证码已发送，5 分钟内有效").waitFor();
  await page.getByLabel("验证码", { exact: true }).fill(await options.code());
  await page.getByLabel("设置密码").fill(options.password);
}

/**
 * 注册 on /login: a new account with an SMS code and a password, signed in; the page then goes
 * where `redirect` sends it (the home page without one).
 */
export async function registerInBrowser(
  page: Page,
  baseUrl: string,
  options: { phone?: string; password: string; redirect?: string },
): Promise<string> {
  const phone = options.phone ?? newPhone();
  const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : "";
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByRole("button", { name: "注册" }).click();
  await fillCodeAndPassword(page, { phone, code: () => sentCode(baseUrl, phone), ...options });
  await page.getByRole("button", { name: "注册并登录" }).click();
  await page
    .waitForURL(`${baseUrl}${options.redirect ?? "/"}`, { timeout: 20_000 })
    .catch(async (error) => {
      throw new Error(`${error}: ${await page.locator("main").textContent()}`);
    });
  return phone;
}

/** 密码登录 on /login, back to `redirect` (the home page without one). */
export async function signInWithPassword(
  page: Page,
  baseUrl: string,
  options: { phone: string; password: string; redirect?: string },
) {
  const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : "";
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByLabel("手机号", { exact: true }).fill(options.phone);
  await page.getByLabel("密码", { exact: true }).fill(options.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL(`${baseUrl}${options.redirect ?? "/"}`);
}

/** 退出登录 on /login's signed-in panel, which goes to the home page. */
export async function logOut(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL(`${baseUrl}/`);
}
