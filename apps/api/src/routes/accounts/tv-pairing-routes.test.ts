import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

describe.each(databaseTargets())("电视扫码登录 on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("signs the TV in as the phone's reader once the phone approves, once", async () => {
    const tv = testBrowser(t.app, { address: newAddress() });
    const started = await tv.post("/api/auth/tv/start", {});
    expect(started.statusCode).toBe(200);
    const { code, expiresIn } = started.json().data;
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(expiresIn).toBe(300);
    expect((await tv.post("/api/auth/tv/poll", { code })).json().data.state).toBe("pending");
    expect((await tv.get("/api/user/info")).json().code).toBe(600);

    const phone = await signedInReader(t.app);
    const approved = await phone.browser.post("/api/auth/tv/approve", { code });
    expect(approved.json().data).toEqual({ approved: true });
    // A second approval of the same code is refused.
    expect((await phone.browser.post("/api/auth/tv/approve", { code })).statusCode).toBe(400);

    const polled = await tv.post("/api/auth/tv/poll", { code });
    expect(polled.json().data.state).toBe("signed-in");
    const info = (await tv.get("/api/user/info")).json();
    expect(info.code).toBe(200);
    expect(info.data.ahUserId).toBe(phone.userId);
    // The code is spent: another browser polling it gets nothing.
    const other = testBrowser(t.app, { address: newAddress() });
    expect((await other.post("/api/auth/tv/poll", { code })).json().data.state).toBe("expired");
    expect((await other.get("/api/user/info")).json().code).toBe(600);
  });

  it("refuses approving without signing in, unknown and malformed codes", async () => {
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const { code } = (await anonymous.post("/api/auth/tv/start", {})).json().data;
    expect((await anonymous.post("/api/auth/tv/approve", { code })).json().code).toBe(600);
    const phone = await signedInReader(t.app);
    const unknown = await phone.browser.post("/api/auth/tv/approve", { code: "A".repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("二维码已过期，请在电视上重新生成");
    expect((await phone.browser.post("/api/auth/tv/approve", { code: "short" })).statusCode).toBe(
      400,
    );
    expect((await anonymous.post("/api/auth/tv/poll", {})).statusCode).toBe(400);
  });
});
