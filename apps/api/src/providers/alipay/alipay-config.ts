import { readFileSync } from "node:fs";
import { normalizePrivateKey, normalizePublicKey } from "./alipay-keys.ts";

export const ALIPAY_DEFAULT_GATEWAY = "https://openapi.alipay.com/gateway.do";
/** Where the site receives Alipay's notifications, unless ALIPAY_NOTIFY_URL says otherwise. */
export const ALIPAY_NOTIFY_PATH = "/api/pay/notify/alipay";

export interface AlipayConfig {
  /** ALIPAY_GATEWAY: the OpenAPI gateway (…/gateway.do). */
  gateway: string;
  /** ALIPAY_APP_ID: the app the site signs requests as. */
  appId: string | undefined;
  /** ALIPAY_PRIVATE_KEY(_FILE): the app's RSA private key (PEM, PKCS#1 or #8, or bare base64). */
  privateKey: string | undefined;
  /** ALIPAY_PUBLIC_KEY(_FILE): Alipay's public key, which signs responses and notifications. */
  alipayPublicKey: string | undefined;
  /** ALIPAY_SELLER_ID: the merchant's 2088… partner id, that notifications must name. */
  sellerId: string | undefined;
  /**
   * ALIPAY_NOTIFY_URL, else PUBLIC_ORIGIN + ALIPAY_NOTIFY_PATH; unset uses the origin of each
   * payment's return page.
   */
  notifyUrl: string | undefined;
}

export interface AlipayEnv {
  ALIPAY_GATEWAY?: string | undefined;
  ALIPAY_APP_ID?: string | undefined;
  ALIPAY_PRIVATE_KEY?: string | undefined;
  ALIPAY_PRIVATE_KEY_FILE?: string | undefined;
  ALIPAY_PUBLIC_KEY?: string | undefined;
  ALIPAY_PUBLIC_KEY_FILE?: string | undefined;
  ALIPAY_SELLER_ID?: string | undefined;
  ALIPAY_NOTIFY_URL?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
}

/**
 * Alipay's settings from the (already trimmed) environment. A key is given as its text or as a
 * file (`…_FILE`); it is checked here, so a key that is not an RSA key stops the server at start
 * with 配置无效 rather than failing the first payment.
 */
export function readAlipayConfig(env: AlipayEnv): AlipayConfig {
  const key = (
    name: "ALIPAY_PRIVATE_KEY" | "ALIPAY_PUBLIC_KEY",
    normalize: (t: string) => string,
  ) => {
    const file = env[`${name}_FILE`];
    let text = env[name];
    if (!text && file) {
      try {
        text = readFileSync(file, "utf8");
      } catch {
        throw new Error(`配置无效：${name}_FILE: 读不到文件 ${file}`);
      }
    }
    if (!text?.trim()) return undefined;
    try {
      return normalize(text);
    } catch (error) {
      throw new Error(`配置无效：${name}: ${(error as Error).message}`);
    }
  };
  return {
    gateway: env.ALIPAY_GATEWAY ?? ALIPAY_DEFAULT_GATEWAY,
    appId: env.ALIPAY_APP_ID,
    privateKey: key("ALIPAY_PRIVATE_KEY", normalizePrivateKey),
    alipayPublicKey: key("ALIPAY_PUBLIC_KEY", normalizePublicKey),
    sellerId: env.ALIPAY_SELLER_ID,
    notifyUrl:
      env.ALIPAY_NOTIFY_URL ??
      (env.PUBLIC_ORIGIN ? `${env.PUBLIC_ORIGIN}${ALIPAY_NOTIFY_PATH}` : undefined),
  };
}
