import { describe, expect, it } from "vitest";
import {
  decodePayXml as parsePayXml,
  encodePayXml as toPayXml,
} from "../../apps/api/src/providers/wechat/wechat-pay-xml.ts";
import { signPayParams } from "./pay-sign.ts";

// WeChat Pay v2 "安全规范", the worked example.
const EXAMPLE = {
  appid: "wxd930ea5d5a258f4f",
  mch_id: "10000100",
  device_info: "1000",
  body: "test",
  nonce_str: "ibuaiVcKdpRxkhJA",
};
const KEY = "192006250b4c09247ec02edce69f6a2d";

describe("signPayParams", () => {
  it("gives WeChat's documented MD5 and HMAC-SHA256 signatures", () => {
    expect(signPayParams(EXAMPLE, KEY)).toBe("9A0A8659F005D6984697E2CA0A9CF3B7");
    expect(signPayParams(EXAMPLE, KEY, "HMAC-SHA256")).toBe(
      "6A9AE1657590FD6257D693A078E1C3E4BB6BA4DC30B23E0EE2496E54170DACD6",
    );
  });

  it("ignores sign and empty values, and the order fields arrive in", () => {
    const shuffled = { nonce_str: "ibuaiVcKdpRxkhJA", body: "test", sign: "X", attach: "" };
    expect(
      signPayParams(
        { ...shuffled, device_info: "1000", mch_id: "10000100", appid: EXAMPLE.appid },
        KEY,
      ),
    ).toBe("9A0A8659F005D6984697E2CA0A9CF3B7");
  });

  it("changes when any value or the key changes", () => {
    expect(signPayParams({ ...EXAMPLE, body: "test2" }, KEY)).not.toBe(signPayParams(EXAMPLE, KEY));
    expect(signPayParams(EXAMPLE, `${KEY}0`)).not.toBe(signPayParams(EXAMPLE, KEY));
  });
});

describe("pay XML", () => {
  it("round-trips text, numbers and CDATA with awkward content", () => {
    const xml = toPayXml({ body: "通鉴会员 <年卡> & ]]> 测试", total_fee: 1800 });
    expect(xml).toContain("<total_fee><![CDATA[1800]]></total_fee>");
    expect(parsePayXml(xml)).toEqual({ body: "通鉴会员 <年卡> & ]]> 测试", total_fee: "1800" });
    expect(parsePayXml("<xml><a>1 &lt; 2</a>\n <b><![CDATA[x]]></b></xml>")).toEqual({
      a: "1 < 2",
      b: "x",
    });
  });

  it("rejects what is not flat WeChat XML", () => {
    expect(parsePayXml("{}")).toBeNull();
    expect(parsePayXml("<xml><a>1</b></xml>")).toBeNull();
    expect(parsePayXml("<xml>text<a>1</a></xml>")).toBeNull();
  });
});
