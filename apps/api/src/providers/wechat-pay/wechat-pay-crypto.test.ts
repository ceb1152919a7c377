import { createCipheriv, createSign, createVerify, generateKeyPairSync } from "node:crypto";
import { chinaRfc3339 } from "@tongjian/domain/china-time";
import { describe, expect, it } from "vitest";
import { chinaTimeToIso, parseTradeBill, yuanToFen } from "./wechat-pay-bill.ts";
import { tradeStateOf } from "./wechat-pay-channel.ts";
import {
  appPaySign,
  authorizationHeader,
  decryptResource,
  jsapiPaySign,
  parseAuthorization,
  readPrivateKey,
  rsaVerify,
} from "./wechat-pay-crypto.ts";

// Vectors are made here with Node's crypto directly, then the module under test must agree.
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const KEY = "0123456789abcdefABCDEF0123456789"; // 32 bytes
const verifyIndependently = (text: string, signature: string) =>
  createVerify("RSA-SHA256").update(text).verify(publicKey, Buffer.from(signature, "base64"));

function seal(plain: string, nonce: string, aad: string, key = KEY) {
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString(
    "base64",
  );
}

describe("WeChat Pay v3 signatures", () => {
  const message = '1795600000\nNONCE123\n{"id":"EV-1"}\n';
  const signature = createSign("RSA-SHA256").update(message).sign(privateKey, "base64");

  it("verifies a platform signature made with the key, and nothing else", () => {
    expect(rsaVerify(publicKey, message, signature)).toBe(true);
    expect(rsaVerify(publicKey, message.replace("EV-1", "EV-2"), signature)).toBe(false);
    const bytes = Buffer.from(signature, "base64");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(rsaVerify(publicKey, message, bytes.toString("base64"))).toBe(false);
    expect(rsaVerify(publicKey, message, "not base64!")).toBe(false);
    expect(rsaVerify(publicKey, message, "")).toBe(false);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    expect(rsaVerify(other, message, signature)).toBe(false);
  });

  it("signs a request over METHOD, path with query, timestamp, nonce and body", () => {
    const body = JSON.stringify({ mchid: "1900000109" });
    const header = authorizationHeader({
      mchId: "1900000109",
      serialNo: "ABC123",
      privateKey: readPrivateKey(pem),
      method: "post",
      pathAndQuery: "/v3/pay/transactions/out-trade-no/TJ1/close",
      body,
      timestamp: 1795600000,
      nonce: "N0NCE",
    });
    expect(header.startsWith("WECHATPAY2-SHA256-RSA2048 mchid=")).toBe(true);
    const fields = parseAuthorization(header);
    expect(fields).toMatchObject({
      mchid: "1900000109",
      nonce_str: "N0NCE",
      timestamp: "1795600000",
      serial_no: "ABC123",
    });
    const expected = `POST\n/v3/pay/transactions/out-trade-no/TJ1/close\n1795600000\nN0NCE\n${body}\n`;
    expect(verifyIndependently(expected, fields?.signature ?? "")).toBe(true);
    expect(verifyIndependently(expected.replace("TJ1", "TJ2"), fields?.signature ?? "")).toBe(
      false,
    );
    expect(parseAuthorization("Bearer x")).toBeNull();
  });

  it("reads a PEM whose newlines were written as \\n in an env value", () => {
    const oneLine = pem.trim().replaceAll("\n", "\\n");
    const signed = jsapiPaySign(readPrivateKey(oneLine), {
      appId: "a",
      timeStamp: "1",
      nonceStr: "n",
      package: "p",
    });
    expect(verifyIndependently("a\n1\nn\np\n", signed)).toBe(true);
  });

  it("signs the JSAPI and APP pay parameters over their documented strings", () => {
    const jsapi = jsapiPaySign(privateKey, {
      appId: "wx5a1e0c3b7d9f2468",
      timeStamp: "1795600000",
      nonceStr: "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
      package: "prepay_id=wx201410272009395522657a690389285100",
    });
    expect(
      verifyIndependently(
        "wx5a1e0c3b7d9f2468\n1795600000\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n",
        jsapi,
      ),
    ).toBe(true);
    const app = appPaySign(privateKey, {
      appid: "wx5a1e0c3b7d9f2468",
      timestamp: "1795600000",
      noncestr: "abc",
      prepayid: "wx2014",
    });
    expect(verifyIndependently("wx5a1e0c3b7d9f2468\n1795600000\nabc\nwx2014\n", app)).toBe(true);
    expect(verifyIndependently("wx5a1e0c3b7d9f2468\n1795600000\nabc\nwx2015\n", app)).toBe(false);
  });
});

describe("WeChat Pay v3 resource decryption (AES-256-GCM)", () => {
  const plain = JSON.stringify({ out_trade_no: "TJ1", amount: { total: 16800 } });
  const resource = {
    algorithm: "AEAD_AES_256_GCM",
    ciphertext: seal(plain, "fdasflkja484", "transaction"),
    nonce: "fdasflkja484",
    associated_data: "transaction",
  };

  it("opens a resource sealed with the APIv3 key, nonce and associated data", () => {
    expect(decryptResource(KEY, resource)).toBe(plain);
  });

  it("refuses a changed byte, other associated data, nonce or key", () => {
    const bytes = Buffer.from(resource.ciphertext, "base64");
    bytes[3] = (bytes[3] ?? 0) ^ 0x80;
    expect(() =>
      decryptResource(KEY, { ...resource, ciphertext: bytes.toString("base64") }),
    ).toThrow();
    const tag = Buffer.from(resource.ciphertext, "base64");
    tag[tag.length - 1] = (tag[tag.length - 1] ?? 0) ^ 1;
    expect(() =>
      decryptResource(KEY, { ...resource, ciphertext: tag.toString("base64") }),
    ).toThrow();
    expect(() => decryptResource(KEY, { ...resource, associated_data: "refund" })).toThrow();
    expect(() => decryptResource(KEY, { ...resource, nonce: "fdasflkja485" })).toThrow();
    expect(() => decryptResource(KEY.replace("0", "1"), resource)).toThrow();
    expect(() => decryptResource("short", resource)).toThrow(/32 bytes/);
    expect(() => decryptResource(KEY, { ...resource, algorithm: "AES_128_CBC" })).toThrow();
    expect(() => decryptResource(KEY, { ...resource, ciphertext: "AAAA" })).toThrow();
  });
});

describe("WeChat Pay trade bill", () => {
  const bill = [
    "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注",
    "`2026-11-27 09:05:01,`wx5a1e0c3b7d9f2468,`1900000109,`0,`,`4200000001202611270000000001,`TJ0001,`oUser,`JSAPI,`SUCCESS,`OTHERS,`CNY,`168.00,`0.00,`0,`0,`0.00,`0.00,`,`,`会员年卡,`,`1.01000,`0.60%,`168.00,`0.00,`",
    "`2026-11-27 23:59:59,`wx5a1e0c3b7d9f2468,`1900000109,`0,`,`4200000001202611270000000001,`TJ0001,`oUser,`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50000000012026112700000000001,`RTJ0001,`68.5,`0.00,`ORIGINAL,`SUCCESS,`会员年卡,`,`-0.41000,`0.60%,`0.00,`68.50,`",
    "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额",
    "`2,`168.00,`68.50,`0.00,`0.60000,`168.00,`68.50",
  ].join("\r\n");

  it("reads payments and refunds in fen at their China-time instants", () => {
    expect(parseTradeBill(`\uFEFF${bill}\r\n`)).toEqual([
      {
        orderNum: "TJ0001",
        channelTradeNo: "4200000001202611270000000001",
        kind: "payment",
        amountFen: 16800,
        at: "2026-11-27T01:05:01.000Z",
      },
      {
        orderNum: "TJ0001",
        channelTradeNo: "4200000001202611270000000001",
        kind: "refund",
        amountFen: 6850,
        at: "2026-11-27T15:59:59.000Z",
      },
    ]);
  });

  it("converts yuan exactly and refuses what is not an amount or a time", () => {
    expect(yuanToFen("0.01")).toBe(1);
    expect(yuanToFen("19.9")).toBe(1990);
    expect(yuanToFen("1000")).toBe(100000);
    expect(yuanToFen("-0.41")).toBe(-41);
    expect(() => yuanToFen("1,000.00")).toThrow();
    expect(() => yuanToFen("1.001")).toThrow();
    expect(chinaTimeToIso("2026-01-01 00:00:00")).toBe("2025-12-31T16:00:00.000Z");
    expect(() => chinaTimeToIso("2026/01/01")).toThrow();
    expect(() => parseTradeBill("a,b,c\r\n`1,`2,`3")).toThrow(/交易时间/);
  });

  it("writes time_expire in China time and maps trade states", () => {
    expect(chinaRfc3339(new Date("2026-11-27T16:30:00Z"))).toBe("2026-11-28T00:30:00+08:00");
    expect(tradeStateOf("SUCCESS")).toBe("paid");
    expect(tradeStateOf("REFUND")).toBe("refunded");
    expect(tradeStateOf("CLOSED")).toBe("closed");
    expect(tradeStateOf("REVOKED")).toBe("closed");
    expect(tradeStateOf("NOTPAY")).toBe("unpaid");
    expect(tradeStateOf("USERPAYING")).toBe("unpaid");
    expect(tradeStateOf("PAYERROR")).toBe("unpaid");
  });
});
