import { createSign, createVerify, generateKeyPairSync } from "node:crypto";

/**
 * Alipay's OpenAPI 2.0 signatures, written from its documentation (not from the SDK, so the
 * simulator checks the SDK rather than agreeing with it by construction):
 *
 * - the string to sign is the parameters sorted by name, `name=value` joined with `&`, values
 *   as they are (not URL-encoded), leaving out `sign` (requests) or `sign` and `sign_type`
 *   (notifications and the return page's parameters), and any empty value;
 * - RSA2 is SHA256withRSA with PKCS#1 v1.5 padding, base64.
 * - A response is signed over the exact JSON text of its `xxx_response` object.
 */
export function signContent(
  params: Readonly<Record<string, string>>,
  exclude: readonly string[] = ["sign"],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== "" && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

export function rsa2Sign(content: string, privateKeyPem: string): string {
  return createSign("RSA-SHA256").update(content, "utf8").sign(privateKeyPem, "base64");
}

export function rsa2Verify(content: string, sign: string, publicKeyPem: string): boolean {
  try {
    return createVerify("RSA-SHA256").update(content, "utf8").verify(publicKeyPem, sign, "base64");
  } catch {
    return false;
  }
}

/** Signs a notification's (or return page's) parameters: adds sign_type RSA2 and sign. */
export function signNotificationParams(
  params: Readonly<Record<string, string>>,
  alipayPrivateKey: string,
): Record<string, string> {
  const signed: Record<string, string> = { ...params, sign_type: "RSA2" };
  signed.sign = rsa2Sign(signContent(signed, ["sign", "sign_type"]), alipayPrivateKey);
  return signed;
}

/** Signs a request to the gateway as a merchant would (every parameter but sign). */
export function signRequestParams(
  params: Readonly<Record<string, string>>,
  appPrivateKey: string,
): Record<string, string> {
  const signed: Record<string, string> = { ...params };
  delete signed.sign;
  signed.sign = rsa2Sign(signContent(signed, ["sign"]), appPrivateKey);
  return signed;
}

export interface RsaKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export function generateRsaKeyPair(): RsaKeyPair {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
}

/** A PEM block's base64 on one line, as Alipay's open platform shows keys. */
export function pemBody(pem: string): string {
  return pem
    .split("\n")
    .filter((line) => line && !line.startsWith("-----"))
    .join("");
}
