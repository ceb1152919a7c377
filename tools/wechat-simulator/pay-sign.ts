import { createHash, createHmac } from "node:crypto";

export type PaySignType = "MD5" | "HMAC-SHA256";

/**
 * WeChat Pay (API v2) `sign`, written here independently of the API's own signing code so
 * that a mistake in one is caught by the other: non-empty parameters except `sign`, sorted by
 * key in ASCII order, `k=v` joined with `&`, then `&key=<merchant key>`; MD5 or HMAC-SHA256
 * (keyed with the merchant key) of that, uppercase hex.
 */
export function signPayParams(
  params: Readonly<Record<string, string>>,
  merchantKey: string,
  signType: PaySignType = "MD5",
): string {
  const text = `${Object.keys(params)
    .filter((key) => key !== "sign" && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&")}&key=${merchantKey}`;
  const digest =
    signType === "HMAC-SHA256"
      ? createHmac("sha256", merchantKey).update(text, "utf8").digest("hex")
      : createHash("md5").update(text, "utf8").digest("hex");
  return digest.toUpperCase();
}
