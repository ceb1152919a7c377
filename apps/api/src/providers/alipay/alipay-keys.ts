import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/**
 * Keys as operators paste them: a PEM block (PKCS#1 `RSA PRIVATE KEY` or PKCS#8 `PRIVATE KEY`;
 * `PUBLIC KEY`), the bare base64 that Alipay's key tool and the open platform show, or either
 * with `\n` written as two characters (as in a one-line environment variable). Normalised to
 * PKCS#8 / SPKI PEM, which is what the SDK is then given (keyType PKCS8).
 */
function candidates(text: string): { pem?: string; der?: Buffer } {
  const value = text.trim().replace(/\\n/g, "\n");
  if (value.includes("-----BEGIN")) return { pem: value };
  const base64 = value.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return {};
  return { der: Buffer.from(base64, "base64") };
}

function firstKey(attempts: (() => KeyObject)[]): KeyObject | null {
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // try the next encoding
    }
  }
  return null;
}

export function normalizePrivateKey(text: string): string {
  const { pem, der } = candidates(text);
  const key = firstKey([
    ...(pem ? [() => createPrivateKey(pem)] : []),
    ...(der
      ? [
          () => createPrivateKey({ key: der, format: "der", type: "pkcs8" }),
          () => createPrivateKey({ key: der, format: "der", type: "pkcs1" }),
        ]
      : []),
  ]);
  if (key?.asymmetricKeyType !== "rsa") throw new Error("ALIPAY_PRIVATE_KEY 不是 RSA 私钥");
  return key.export({ format: "pem", type: "pkcs8" }).toString();
}

export function normalizePublicKey(text: string): string {
  const { pem, der } = candidates(text);
  const key = firstKey([
    ...(pem ? [() => createPublicKey(pem)] : []),
    ...(der
      ? [
          () => createPublicKey({ key: der, format: "der", type: "spki" }),
          () => createPublicKey({ key: der, format: "der", type: "pkcs1" }),
        ]
      : []),
  ]);
  if (key?.asymmetricKeyType !== "rsa") throw new Error("ALIPAY_PUBLIC_KEY 不是 RSA 公钥");
  return key.export({ format: "pem", type: "spki" }).toString();
}
