import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from "node:crypto";

/**
 * The cryptography of WeChat Pay API v3, with Node's own crypto only:
 * - requests are signed with the merchant's RSA private key (SHA256withRSA, base64) over
 *   `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n` and sent as
 *   `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`;
 * - answers and notifications are signed by WeChat Pay with the platform certificate named in
 *   `Wechatpay-Serial`, over `timestamp\nnonce\nbody\n` (headers Wechatpay-Timestamp,
 *   Wechatpay-Nonce, Wechatpay-Signature);
 * - a notification's resource (and a platform certificate) is AES-256-GCM encrypted with the
 *   merchant's APIv3 key: base64 ciphertext whose last 16 bytes are the tag, a 12-character
 *   nonce and associated data;
 * - the payment parameters the payer's WeChat takes are signed like requests, over
 *   `appId\ntimeStamp\nnonceStr\npackage\n` (JSAPI) or `appid\ntimestamp\nnoncestr\nprepayid\n`
 *   (APP).
 */

export const AUTHORIZATION_SCHEMA = "WECHATPAY2-SHA256-RSA2048";

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A random string of letters and digits, as WeChat Pay's examples use (32 characters). */
export function createPayNonce(length = 32): string {
  const bytes = randomBytes(length);
  let nonce = "";
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}

/** Each part followed by a newline: the shape of every v3 message to sign. */
export function signatureMessage(...parts: readonly string[]): string {
  return parts.map((part) => `${part}\n`).join("");
}

/** SHA256withRSA of the message, base64. */
export function rsaSign(privateKey: KeyObject | string, message: string): string {
  return createSign("RSA-SHA256").update(message, "utf8").sign(privateKey, "base64");
}

/** Whether `signature` (base64) is the SHA256withRSA of the message under the public key. */
export function rsaVerify(
  publicKey: KeyObject | string,
  message: string,
  signature: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256")
      .update(message, "utf8")
      .verify(publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** The merchant's private key from its PEM text (a literal `\n` in an env value is a newline). */
export function readPrivateKey(pem: string): KeyObject {
  return createPrivateKey({ key: pem.includes("\\n") ? pem.replaceAll("\\n", "\n") : pem });
}

export interface AuthorizationInput {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  /** Path and query, as sent (e.g. `/v3/pay/transactions/out-trade-no/TJ1?mchid=1900000109`). */
  pathAndQuery: string;
  body: string;
  timestamp?: number;
  nonce?: string;
}

/** The Authorization header of a request to WeChat Pay v3. */
export function authorizationHeader(input: AuthorizationInput): string {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? createPayNonce();
  const signature = rsaSign(
    input.privateKey,
    signatureMessage(input.method.toUpperCase(), input.pathAndQuery, timestamp, nonce, input.body),
  );
  return `${AUTHORIZATION_SCHEMA} mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** The fields of an Authorization header, or null when it is not a v3 one. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTHORIZATION_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  const pattern = /([a-z_]+)="([^"]*)"/g;
  for (const match of header.slice(AUTHORIZATION_SCHEMA.length + 1).matchAll(pattern))
    if (match[1]) fields[match[1]] = match[2] ?? "";
  return fields;
}

export interface EncryptedResource {
  algorithm?: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** Opens an AEAD_AES_256_GCM resource with the APIv3 key; throws when it does not open. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  const key = Buffer.from(apiV3Key, "utf8");
  if (key.length !== 32) throw new Error("APIv3 key must be 32 bytes");
  if (resource.algorithm !== undefined && resource.algorithm !== "AEAD_AES_256_GCM")
    throw new Error(`unknown algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length < 17) throw new Error("ciphertext too short");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(resource.nonce, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString("utf8");
}

/** The JSAPI paySign: SHA256withRSA of `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiPaySign(
  privateKey: KeyObject | string,
  params: { appId: string; timeStamp: string; nonceStr: string; package: string },
): string {
  return rsaSign(
    privateKey,
    signatureMessage(params.appId, params.timeStamp, params.nonceStr, params.package),
  );
}

/** The APP pay sign: SHA256withRSA of `appid\ntimestamp\nnoncestr\nprepayid\n`. */
export function appPaySign(
  privateKey: KeyObject | string,
  params: { appid: string; timestamp: string; noncestr: string; prepayid: string },
): string {
  return rsaSign(
    privateKey,
    signatureMessage(params.appid, params.timestamp, params.noncestr, params.prepayid),
  );
}

/** Lowercase hex SHA-1, the hash a bill download is checked against. */
export function sha1Hex(data: string | Buffer): string {
  return createHash("sha1").update(data).digest("hex");
}
