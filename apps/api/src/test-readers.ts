import { randomInt } from "node:crypto";
import { createAccountRepository } from "@tongjian/services/accounts/account-repository";
import type { createTestApp } from "./test-app.ts";
import { type TestBrowser, testBrowser } from "./test-browser.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A number no earlier run used (Redis keeps counters between runs). */
export const newPhone = () => `136${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;

/**
 * Browsers of readers who are signed in, for API tests of what signed-in readers do (my pages,
 * follows): an account (or a WeChat visitor) made in the database, and a session of it in the
 * browser's cookie jar, as the login calls leave it (those are tested in routes/accounts).
 */
export function testReaders(t: () => TestApp) {
  return {
    async account(name: string): Promise<{ browser: TestBrowser; userId: string }> {
      const account = await createAccountRepository(t().deps.handle.db).create({
        name,
        phone: newPhone(),
      });
      const browser = testBrowser(t().app);
      const { token } = await t().deps.services.sessions.start(
        { accountId: account.id, visitorId: null, kind: "browser", userAgent: null, address: null },
        null,
      );
      browser.jar.set("tj_sid", token);
      return { browser, userId: account.id };
    },

    async visitor(name: string): Promise<{ browser: TestBrowser; visitorId: string }> {
      const { owner } = await t().deps.services.visitors.signIn({
        openId: `o${randomInt(0, 10 ** 9)}`,
        unionId: null,
        name,
        avatar: null,
      });
      const browser = testBrowser(t().app);
      const { token } = await t().deps.services.sessions.start(
        { ...owner, kind: "browser", userAgent: null, address: null },
        null,
      );
      browser.jar.set("tj_sid", token);
      return { browser, visitorId: owner.visitorId as string };
    },
  };
}
