import { randomInt } from "node:crypto";
import { type TestBrowser, testBrowser } from "../test-browser.ts";
import type { TypedApp } from "../typed-app.ts";

/** A number no earlier run used (Redis keeps counters between runs). */
export const newPhone = () => `139${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;
/** A documentation-range address of its own per browser, so per-address limits stay apart. */
export const newAddress = () =>
  `2001:db8::${randomInt(0, 0x10000).toString(16)}:${randomInt(1, 0x10000).toString(16)}`;

/**
 * A browser signed in to a new phone account through the SMS code (the app needs
 * SMS_PROVIDER=simulator), as a reader of the API tests of boards, notes and WeChat extras.
 */
export async function signedInReader(
  app: TypedApp,
  phone = newPhone(),
): Promise<{ browser: TestBrowser; phone: string; userId: string }> {
  const browser = testBrowser(app, { address: newAddress() });
  const sent = await browser.post("/api/auth/sms/send", { phone, purpose: "login" });
  if (sent.statusCode !== 200) throw new Error(`sms/send ${sent.statusCode} ${sent.body}`);
  const outbox = await app.inject({ url: `/api/dev/sms/outbox?phone=${phone}` });
  const code = outbox.json().data.code as string;
  const res = await browser.post("/api/auth", { type: "sms", phone, code });
  if (res.statusCode !== 200) throw new Error(`auth ${res.statusCode} ${res.body}`);
  return { browser, phone, userId: res.json().data.ahUserId as string };
}

/** The same account in a new browser (a new session, which reads the account afresh). */
export async function signInAgain(app: TypedApp, from: TestBrowser): Promise<TestBrowser> {
  const ticket = (await from.post("/api/auth/ticket")).json().data.ticket as string;
  const browser = testBrowser(app, { address: newAddress() });
  const res = await browser.post("/api/m/social/auth/w1/n/login", { ticket });
  if (res.statusCode !== 200) throw new Error(`ticket login ${res.statusCode} ${res.body}`);
  return browser;
}
