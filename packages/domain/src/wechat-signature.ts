/**
 * The strings WeChat signs, built exactly as its documentation describes. Hashing is left to
 * the caller (node:crypto on the server): this package runs in the browser too and carries no
 * hash implementation of its own.
 */

/** Spec §3 "WeChat signature data": what the page passes to wx.config. */
export interface JsapiSignature {
  appId: string;
  timestamp: number;
  noncestr: string;
  signature: string;
}

export interface JsapiSignatureFields {
  jsapiTicket: string;
  nonceStr: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** The page URL; its `#fragment` is dropped here, as WeChat requires. */
  url: string;
}

/** The page URL as WeChat signs it: everything before the first `#`. */
export function urlWithoutFragment(url: string): string {
  const hash = url.indexOf("#");
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * JS-SDK "string1": the four fields as `key=value`, keys in ASCII order, joined with `&`.
 * WeChat signs the raw values, so nothing here is URL-encoded; SHA-1 of the result (lowercase
 * hex) is the signature.
 */
export function jsapiSignatureBase(fields: JsapiSignatureFields): string {
  const pairs: Record<string, string> = {
    jsapi_ticket: fields.jsapiTicket,
    noncestr: fields.nonceStr,
    timestamp: String(fields.timestamp),
    url: urlWithoutFragment(fields.url),
  };
  return Object.keys(pairs)
    .sort()
    .map((key) => `${key}=${pairs[key]}`)
    .join("&");
}
