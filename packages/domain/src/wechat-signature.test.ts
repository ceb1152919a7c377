import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { jsapiSignatureBase, urlWithoutFragment } from "./wechat-signature.ts";

// WeChat's own worked examples (JS-SDK appendix 1; WeChat Pay v2 "安全规范").
const JSAPI_EXAMPLE = {
  jsapiTicket:
    "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
  nonceStr: "Wm3WZYTPz0wzccnW",
  timestamp: 1414587457,
  url: "http://mp.weixin.qq.com?params=value",
};

describe("jsapiSignatureBase", () => {
  it("builds WeChat's documented string1, whose SHA-1 is the documented signature", () => {
    const base = jsapiSignatureBase(JSAPI_EXAMPLE);
    expect(base).toBe(
      "jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value",
    );
    expect(createHash("sha1").update(base).digest("hex")).toBe(
      "0f9de62fce790f9a083d5c99e95740ceb90c27ed",
    );
  });

  it("signs the URL without its fragment and without re-encoding it", () => {
    const withFragment = { ...JSAPI_EXAMPLE, url: `${JSAPI_EXAMPLE.url}#/share?x=1` };
    expect(jsapiSignatureBase(withFragment)).toBe(jsapiSignatureBase(JSAPI_EXAMPLE));
    const chinese = jsapiSignatureBase({ ...JSAPI_EXAMPLE, url: "https://a.cn/搜索?q=李白&a=1" });
    expect(chinese.endsWith("&url=https://a.cn/搜索?q=李白&a=1")).toBe(true);
  });

  it("drops everything from the first #", () => {
    expect(urlWithoutFragment("https://a.cn/p?x=1#a#b")).toBe("https://a.cn/p?x=1");
    expect(urlWithoutFragment("https://a.cn/p")).toBe("https://a.cn/p");
  });
});
