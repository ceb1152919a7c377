import { createHash, randomBytes } from "node:crypto";
import { type JsapiSignature, jsapiSignatureBase } from "@tongjian/domain/wechat-signature";

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random string like WeChat's own examples (16 letters and digits). */
export function createNonce(length = 16): string {
  const bytes = randomBytes(length);
  let nonce = "";
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}

/**
 * The wx.config signature for a page: SHA-1 (lowercase hex) of the JS-SDK string1, which the
 * domain package builds (sorted keys, raw values, URL without its fragment).
 */
export function signJsapiUrl(input: {
  appId: string;
  ticket: string;
  url: string;
  timestamp?: number;
  nonceStr?: string;
}): JsapiSignature {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const noncestr = input.nonceStr ?? createNonce();
  const base = jsapiSignatureBase({
    jsapiTicket: input.ticket,
    nonceStr: noncestr,
    timestamp,
    url: input.url,
  });
  return {
    appId: input.appId,
    timestamp,
    noncestr,
    signature: createHash("sha1").update(base, "utf8").digest("hex"),
  };
}
