import { createSign, createVerify, randomBytes, X509Certificate } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWeChatSimulator, type WeChatSimulator } from "./wechat-simulator.ts";

/**
 * The pay simulator's own HTTP surface, exercised with hand-made v3 requests (the channel's
 * code is not used here, so the two check each other).
 */
describe("WeChat Pay v3 simulator", () => {
  let sim: WeChatSimulator;
  let receiver: Server;
  let notifyUrl: string;
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  /** Statuses the notify endpoint answers with, in turn (then 200). */
  let answers: number[] = [];

  beforeAll(async () => {
    sim = await startWeChatSimulator({ notifyRetryDelaysMs: [30, 30] });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(answers.shift() ?? 200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  });
  afterAll(async () => {
    await sim?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answers = [];
  });

  /** A v3 request signed by hand with the merchant key the simulator hands out. */
  async function v3(
    method: string,
    path: string,
    body?: unknown,
    key = sim.pay.merchantPrivateKeyPem,
  ) {
    const text = body === undefined ? "" : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString("hex");
    const signature = createSign("RSA-SHA256")
      .update(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`)
      .sign(key, "base64");
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${sim.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${sim.pay.merchantSerialNo}"`,
      },
      ...(body === undefined ? {} : { body: text }),
    });
    const answer = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text: answer,
      json: answer ? JSON.parse(answer) : null,
    };
  }
  const control = async (path: string, body: unknown) =>
    (await fetch(`${sim.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

  const order = (outTradeNo: string) => ({
    appid: sim.appId,
    mchid: sim.mchId,
    description: "通鉴-会员月卡",
    out_trade_no: outTradeNo,
    notify_url: notifyUrl,
    amount: { total: 1800, currency: "CNY" },
    payer: { openid: sim.openIdOf("default") },
  });

  it("gives the site its WECHAT_PAY_* settings", () => {
    expect(sim.env).toMatchObject({
      WECHAT_PAY_BASE: sim.url,
      WECHAT_MCH_ID: sim.mchId,
      WECHAT_APP_ID: sim.appId,
      WECHAT_PAY_API_V3_KEY: sim.pay.apiV3Key,
      WECHAT_PAY_SERIAL_NO: sim.pay.merchantSerialNo,
      WECHAT_PAY_PRIVATE_KEY: sim.pay.merchantPrivateKeyPem,
    });
    expect(Buffer.byteLength(sim.pay.apiV3Key)).toBe(32);
    expect(new X509Certificate(sim.pay.platformCertificatePem).serialNumber).toBe(
      sim.pay.platformSerialNo,
    );
  });

  it("refuses requests not signed with the merchant key (401 SIGN_ERROR) and signs its answers", async () => {
    const { privateKey } = await import("node:crypto").then((c) =>
      c.generateKeyPairSync("rsa", { modulusLength: 2048 }),
    );
    const forged = await v3(
      "POST",
      "/v3/pay/transactions/jsapi",
      order("TJsim000001"),
      privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    );
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ code: "SIGN_ERROR" });
    const bare = await fetch(`${sim.url}/v3/certificates`);
    expect(bare.status).toBe(401);

    const placed = await v3("POST", "/v3/pay/transactions/jsapi", order("TJsim000001"));
    expect(placed.status).toBe(200);
    expect(placed.json.prepay_id).toMatch(/^wx/);
    const signed = `${placed.headers.get("wechatpay-timestamp")}\n${placed.headers.get("wechatpay-nonce")}\n${placed.text}\n`;
    expect(placed.headers.get("wechatpay-serial")).toBe(sim.pay.platformSerialNo);
    expect(
      createVerify("RSA-SHA256")
        .update(signed)
        .verify(
          new X509Certificate(sim.pay.platformCertificatePem).publicKey,
          Buffer.from(placed.headers.get("wechatpay-signature") ?? "", "base64"),
        ),
    ).toBe(true);
    expect(
      (await v3("POST", "/v3/pay/transactions/jsapi", { ...order("TJsim000002"), payer: {} })).json,
    ).toMatchObject({ code: "PARAM_ERROR" });
    expect(
      (await v3("GET", `/v3/pay/transactions/out-trade-no/TJnone00001?mchid=${sim.mchId}`)).status,
    ).toBe(404);
  });

  it("retries a notification the site did not accept, and holds them when asked", async () => {
    await v3("POST", "/v3/pay/transactions/jsapi", order("TJsim000003"));
    answers = [500, 503];
    expect(await sim.pay.pay("TJsim000003")).toBe("get_brand_wcpay_request:ok");
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
    expect(
      sim.pay.deliveries
        .filter((d) => d.orderNum === "TJsim000003")
        .map((d) => [d.attempt, d.status]),
    ).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);

    received.length = 0;
    expect(await control("/sim/pay/hold", { hold: true })).toEqual({ hold: true });
    await v3("POST", "/v3/pay/transactions/jsapi", order("TJsim000004"));
    expect(await control("/sim/pay", { out_trade_no: "TJsim000004", choice: "ok" })).toEqual({
      err_msg: "get_brand_wcpay_request:ok",
    });
    await sim.pay.settled();
    expect(received).toHaveLength(0);
    expect(
      (await v3("GET", `/v3/pay/transactions/out-trade-no/TJsim000004?mchid=${sim.mchId}`)).json,
    ).toMatchObject({ trade_state: "SUCCESS", amount: { total: 1800, payer_total: 1800 } });
    await control("/sim/pay/hold", { hold: false });
  });

  it("sends duplicate and forged notifications through its HTTP controls", async () => {
    const sent = await control("/sim/pay/notify", { out_trade_no: "TJsim000004", times: 3 });
    expect(sent).toHaveLength(3);
    expect(received).toHaveLength(3);
    received.length = 0;
    const forged = await control("/sim/pay/notify", {
      out_trade_no: "TJsim000004",
      forge: "unknown-serial",
    });
    expect(forged[0]).toMatchObject({ forge: "unknown-serial", status: 200 });
    expect(received[0]?.headers["wechatpay-serial"]).not.toBe(sim.pay.platformSerialNo);
    expect(await control("/sim/pay/notify", { out_trade_no: "TJunknown01" })).toMatchObject({
      error: expect.stringContaining("TJunknown01"),
    });
  });

  it("writes a trade bill with backquoted fields and a differing line when asked", async () => {
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await control("/sim/pay/statement-difference", {
      bill_date: day,
      out_trade_no: "TJsim000004",
      amount: 1700,
    });
    const bill = sim.pay.tradeBill(day).split("\r\n");
    expect(bill[0]?.startsWith("交易时间,公众账号ID,商户号")).toBe(true);
    const line = bill.find((l) => l.includes("`TJsim000004"));
    expect(line?.split(",").every((field) => field.startsWith("`"))).toBe(true);
    expect(line).toContain("`17.00");
    expect(bill.some((l) => l.startsWith("总交易单数"))).toBe(true);
    sim.pay.clearStatementDifferences();
    expect(sim.pay.tradeBill(day)).toContain("`18.00");
    const answer = await v3("GET", `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    expect(answer.json.download_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v3\/billdownload\/file\?token=/,
    );
    expect((await v3("GET", "/v3/bill/tradebill?bill_date=2001-01-01")).json).toMatchObject({
      code: "NO_STATEMENT_EXIST",
    });
  });

  it("serves the H5 pay page only for an H5 order", async () => {
    const page = await fetch(
      `${sim.url}/sim/h5pay?prepay_id=nothing&redirect_url=https://h5.example.cn/`,
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("商家参数格式有误");
  });
});
