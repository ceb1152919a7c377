import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { type AlipayConfig, readAlipayConfig } from "./providers/alipay/alipay-config.ts";
import type { WeChatExtrasConfig } from "./providers/wechat/wechat-extras.ts";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v.replace(/\/+$/, "")))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.string().default("production"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("data"),
  SQLITE_PATH: z.string().optional(),
  REDIS_URL: z.string().optional(),
  CONTENT_DIR: z.string().default("content"),
  SEED_ON_START: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  SEED_POETRY: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  POETRY_DIR: optionalText,
  PUBLIC_ORIGIN: optionalUrl,
  PREVIEW_HOST: optionalUrl,
  FALLBACK_HOST: optionalUrl,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  WEB_BUILD_DIR: z.string().default("apps/web/build"),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  CONTENT_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  // The store's job (close unpaid orders, drain the fulfilment outbox, query refunds); 0: off.
  ORDER_JOBS_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // How many minutes before a live session starts its reminders go out (decision 48).
  LIVE_REMINDER_LEAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  // Test-only (NODE_ENV=test): an in-memory payment channel, and killing the process right
  // after an order's paid mark commits (the SIGKILL test of decision 33).
  TEST_PAYMENT_CHANNEL: z.enum(["memory"]).optional(),
  TEST_KILL_AFTER_PAID: z.enum(["1"]).optional(),
  SEMI_SPACE_MB: z.coerce.number().int().min(1).max(512).default(64),
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(64).optional())
    .optional(),
  WECHAT_API_BASE: optionalUrl,
  WECHAT_OPEN_BASE: optionalUrl,
  WECHAT_PAY_BASE: optionalUrl,
  WECHAT_APP_ID: optionalText,
  WECHAT_APP_SECRET: optionalText,
  /** The subscription-message templates of the store's notices (订单通知, 会员到期提醒). */
  WECHAT_TEMPLATE_ORDER: optionalText,
  WECHAT_TEMPLATE_VIP_EXPIRY: optionalText,
  /** The 直播提醒 template of the live-session reminders (decision 48). */
  WECHAT_TEMPLATE_LIVE: optionalText,
  WECHAT_MCH_ID: optionalText,
  WECHAT_PAY_API_V3_KEY: optionalText.pipe(
    z
      .string()
      .refine((v) => Buffer.byteLength(v) === 32, "WECHAT_PAY_API_V3_KEY 须为 32 个字符")
      .optional(),
  ),
  WECHAT_PAY_PRIVATE_KEY: optionalText,
  WECHAT_PAY_PRIVATE_KEY_FILE: optionalText,
  WECHAT_PAY_SERIAL_NO: optionalText,
  WECHAT_PAY_NOTIFY_URL: optionalUrl,
  WECHAT_OPEN_APP_ID: optionalText,
  WECHAT_MINI_USERNAME: optionalText,
  WECHAT_JSSDK_URL: optionalUrl,
  WECHAT_ACCOUNT_NAME: optionalText,
  WECHAT_MINI_APP_ID: optionalText,
  WECHAT_MINI_APP_SECRET: optionalText,
  WECOM_API_BASE: optionalUrl,
  WECOM_CORP_ID: optionalText,
  WECOM_SECRET: optionalText,
  APP_TOKEN_SECRET: optionalText.pipe(
    z.string().min(32, "APP_TOKEN_SECRET 至少 32 个字符").optional(),
  ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "AUTH_SECRET 至少 32 个字符").optional()),
  PASSWORD_SCRYPT_N: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : Number(v)))
    .pipe(
      z
        .number()
        .int()
        .refine((n) => n >= 2 && (n & (n - 1)) === 0, "须是 2 的幂")
        .optional(),
    )
    .optional(),
  COOKIE_SECURE: z.enum(["true", "false", "1", "0", ""]).optional(),
  SMS_PROVIDER: z.enum(["console", "simulator", ""]).optional(),
  TRUST_PROXY: optionalText,
  APP_IOS_DOWNLOAD_URL: optionalUrl,
  APP_ANDROID_DOWNLOAD_URL: optionalUrl,
  UPLOAD_STORAGE: z.enum(["local", ""]).optional(),
  UPLOAD_DIR: optionalText,
  ALIPAY_GATEWAY: optionalUrl,
  ALIPAY_APP_ID: optionalText,
  ALIPAY_PRIVATE_KEY: optionalText,
  ALIPAY_PRIVATE_KEY_FILE: optionalText,
  ALIPAY_PUBLIC_KEY: optionalText,
  ALIPAY_PUBLIC_KEY_FILE: optionalText,
  ALIPAY_SELLER_ID: optionalText,
  ALIPAY_NOTIFY_URL: optionalUrl,
});

/** Where the download page sends readers when the site knows no store links of its own. */
export const DEFAULT_APP_DOWNLOADS = {
  ios: "https://apps.apple.com/cn/search?term=%E9%80%9A%E9%89%B4",
  android: "https://sj.qq.com/search?q=%E9%80%9A%E9%89%B4",
} as const;

/** The WeChat official account and merchant the site signs in, shares and takes payment with. */
export interface WeChatConfig {
  apiBase: string;
  openBase: string;
  payBase: string;
  appId: string | undefined;
  appSecret: string | undefined;
  mchId: string | undefined;
  /** WeChat Pay API v3 (decision 34): the APIv3 key, 32 characters. */
  apiV3Key: string | undefined;
  /** The merchant's API private key, PEM (WECHAT_PAY_PRIVATE_KEY or WECHAT_PAY_PRIVATE_KEY_FILE). */
  privateKey: string | undefined;
  /** The serial number of the merchant's API certificate. */
  serialNo: string | undefined;
  /** Where WeChat Pay notifies: WECHAT_PAY_NOTIFY_URL, else PUBLIC_ORIGIN/api/pay/notify/wechat. */
  payNotifyUrl: string | undefined;
  /**
   * The app's Open Platform (移动应用) AppID, for the `wx-open-launch-app` tag; unset leaves the
   * tag out and WeChat readers get the open-in-browser mask.
   */
  openAppId: string | undefined;
  /** JS-SDK script URL; unset uses the copy bundled with the site (weixin-js-sdk). */
  jsSdkUrl: string | undefined;
  /**
   * The mini program's original ID (gh_…), for the `wx-open-launch-weapp` tag on /openxcx;
   * unset: the page opens the mini program through its URL scheme only.
   */
  miniUsername: string | undefined;
}

/**
 * A development-only secret for app tokens, so that `npm run dev` and `npm run app:token` work
 * without setup. Never used in production (NODE_ENV=production): there app login stays off
 * until APP_TOKEN_SECRET is set.
 */
export const DEVELOPMENT_APP_TOKEN_SECRET = "tongjian-development-app-token-secret-0000";

/** Signing in (decision 18). */
export interface AuthConfig {
  /** Cookies get `Secure` and the `__Host-` prefix: `COOKIE_SECURE`, else PUBLIC_ORIGIN https. */
  secureCookies: boolean;
  /** HS256 secret shared with the app's backend; undefined turns app login off. */
  appTokenSecret: string | undefined;
  /** HMAC key of CSRF tokens; undefined keeps a generated one in the database. */
  secret: string | undefined;
  smsProvider: "console" | "simulator";
  /**
   * scrypt's N for new password hashes (`PASSWORD_SCRYPT_N`, a power of two). Only a test run
   * (NODE_ENV=test) may set it below the recommended 2^15: the API suites hash hundreds of
   * passwords. Hashes carry their own N, so a lower one is re-hashed at the next login.
   */
  passwordScryptN: number | undefined;
}

/** Fastify's trustProxy: which X-Forwarded-* hops to believe (client address, protocol, host). */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/**
 * What is believed when `TRUST_PROXY` is unset: a proxy on the loopback address only (proxy-addr's
 * "loopback": 127.0.0.0/8 and ::1). A client that reaches the server directly cannot pick its own
 * address with a forged X-Forwarded-For.
 */
export const DEFAULT_TRUST_PROXY = "loopback";

/**
 * `TRUST_PROXY`: "true" (every hop), "false", a number of proxy hops in front of the server, or
 * addresses / subnets (comma-separated, such as "10.0.0.0/8" or "loopback,172.16.0.2"); unset
 * believes a proxy on the loopback address only. The client address it yields is what
 * failed-login and request limits count per address, so a deployment behind a proxy elsewhere
 * should name it.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return DEFAULT_TRUST_PROXY;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** The minimum N of password hashes outside a test run (OWASP's recommended scrypt cost). */
export const MIN_PASSWORD_SCRYPT_N = 2 ** 15;

function passwordScryptN(n: number | undefined, nodeEnv: string): number | undefined {
  if (n === undefined) return undefined;
  if (n < MIN_PASSWORD_SCRYPT_N && nodeEnv !== "test")
    throw new Error(`配置无效：PASSWORD_SCRYPT_N 不得小于 ${MIN_PASSWORD_SCRYPT_N}`);
  return n;
}

export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  logLevel: z.infer<typeof configSchema>["LOG_LEVEL"];
  databaseUrl: string | undefined;
  sqlitePath: string;
  redisUrl: string | undefined;
  contentDir: string;
  /** Where the pieces' synthesised audio is kept once rendered (DATA_DIR/music-audio). */
  musicCacheDir: string;
  seedOnStart: boolean;
  /** Seeding also imports the curated part of the chinese-poetry package. */
  seedPoetry: boolean;
  /** The package's `dist` folder, or a folder in its layout; unset finds the installed one. */
  poetryDir: string | undefined;
  publicOrigin: string | undefined;
  previewHost: string | undefined;
  fallbackHost: string | undefined;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  shutdownGraceMs: number;
  webBuildDir: string;
  pageCacheTtlMs: number;
  /** How often caches check the content version, so a content reload shows within this long. */
  contentPollMs: number;
  /**
   * How often the store's job runs (close unpaid orders, fulfilment outbox, refunds, the store's
   * notices and the live-session reminders); 0: off.
   */
  orderJobsMs: number;
  /** Minutes before a live session's start that its reminders go out. */
  liveReminderLeadMinutes: number;
  /** Test-only hooks of the store (NODE_ENV=test only). */
  commerceTest: { memoryChannel: boolean; killAfterPaid: boolean };
  /** Worker processes serving requests; 1 serves from the main process itself. */
  webConcurrency: number;
  /**
   * V8's semi-space size for each worker, in MB (`--max-semi-space-size`): the young generation
   * that a render's short-lived objects are allocated in and collected from.
   */
  semiSpaceMb: number;
  wechat: WeChatConfig;
  /** The official account's name, its mini program and 企业微信 (issue 16's WeChat extras). */
  wechatExtras: WeChatExtrasConfig & {
    accountName: string;
    /** Subscription-message templates (WECHAT_TEMPLATE_*); an unset one skips its notices. */
    templates: {
      order: string | undefined;
      vipExpiry: string | undefined;
      live: string | undefined;
    };
  };
  auth: AuthConfig;
  trustProxy: TrustProxy;
  /** Store links of the download page. */
  appDownloads: { ios: string; android: string };
  /** Where uploaded images go: `UPLOAD_STORAGE` (local disk) under `UPLOAD_DIR`. */
  uploads: { kind: "local"; dir: string };
  /** Alipay mobile web pay (decision 35); `createAlipayChannel(config.alipay)`. */
  alipay: AlipayConfig;
}

/**
 * How many worker processes serve requests: the configured number, else one per CPU in
 * production (rendering pages is CPU-bound and one process uses one core) and one otherwise.
 */
export function resolveWebConcurrency(
  configured: number | undefined,
  production: boolean,
  cpus: number = availableParallelism(),
): number {
  if (configured !== undefined) return configured;
  return production ? Math.max(1, cpus) : 1;
}

/** The PEM text of a key file named by the configuration; unreadable is a configuration error. */
function readKeyFile(path: string | undefined): string | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path, "utf8");
  } catch {
    throw new Error(`配置无效：WECHAT_PAY_PRIVATE_KEY_FILE 无法读取（${path}）`);
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`配置无效：${detail}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    production: c.NODE_ENV === "production",
    logLevel: c.LOG_LEVEL,
    databaseUrl: c.DATABASE_URL || undefined,
    sqlitePath: c.SQLITE_PATH ?? join(c.DATA_DIR, "tongjian.sqlite"),
    redisUrl: c.REDIS_URL || undefined,
    contentDir: c.CONTENT_DIR,
    musicCacheDir: join(c.DATA_DIR, "music-audio"),
    seedOnStart: c.SEED_ON_START,
    seedPoetry: c.SEED_POETRY,
    poetryDir: c.POETRY_DIR,
    publicOrigin: c.PUBLIC_ORIGIN,
    previewHost: c.PREVIEW_HOST,
    fallbackHost: c.FALLBACK_HOST,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    webBuildDir: c.WEB_BUILD_DIR,
    pageCacheTtlMs: c.PAGE_CACHE_TTL_MS,
    contentPollMs: c.CONTENT_POLL_MS,
    orderJobsMs: c.ORDER_JOBS_MS,
    liveReminderLeadMinutes: c.LIVE_REMINDER_LEAD_MINUTES,
    commerceTest: {
      memoryChannel: c.NODE_ENV === "test" && c.TEST_PAYMENT_CHANNEL === "memory",
      killAfterPaid: c.NODE_ENV === "test" && c.TEST_KILL_AFTER_PAID === "1",
    },
    webConcurrency: resolveWebConcurrency(c.WEB_CONCURRENCY, c.NODE_ENV === "production"),
    semiSpaceMb: c.SEMI_SPACE_MB,
    wechat: {
      apiBase: c.WECHAT_API_BASE ?? "https://api.weixin.qq.com",
      openBase: c.WECHAT_OPEN_BASE ?? "https://open.weixin.qq.com",
      payBase: c.WECHAT_PAY_BASE ?? "https://api.mch.weixin.qq.com",
      appId: c.WECHAT_APP_ID,
      appSecret: c.WECHAT_APP_SECRET,
      mchId: c.WECHAT_MCH_ID,
      apiV3Key: c.WECHAT_PAY_API_V3_KEY,
      privateKey: c.WECHAT_PAY_PRIVATE_KEY ?? readKeyFile(c.WECHAT_PAY_PRIVATE_KEY_FILE),
      serialNo: c.WECHAT_PAY_SERIAL_NO,
      payNotifyUrl:
        c.WECHAT_PAY_NOTIFY_URL ??
        (c.PUBLIC_ORIGIN ? `${c.PUBLIC_ORIGIN}/api/pay/notify/wechat` : undefined),
      openAppId: c.WECHAT_OPEN_APP_ID,
      jsSdkUrl: c.WECHAT_JSSDK_URL,
      miniUsername: c.WECHAT_MINI_USERNAME,
    },
    wechatExtras: {
      apiBase: c.WECHAT_API_BASE ?? "https://api.weixin.qq.com",
      accountName: c.WECHAT_ACCOUNT_NAME ?? "通鉴",
      miniAppId: c.WECHAT_MINI_APP_ID,
      miniAppSecret: c.WECHAT_MINI_APP_SECRET,
      wecomApiBase: c.WECOM_API_BASE ?? "https://qyapi.weixin.qq.com",
      wecomCorpId: c.WECOM_CORP_ID,
      wecomSecret: c.WECOM_SECRET,
      templates: {
        order: c.WECHAT_TEMPLATE_ORDER,
        vipExpiry: c.WECHAT_TEMPLATE_VIP_EXPIRY,
        live: c.WECHAT_TEMPLATE_LIVE,
      },
    },
    auth: {
      secureCookies:
        c.COOKIE_SECURE === "true" ||
        c.COOKIE_SECURE === "1" ||
        (!c.COOKIE_SECURE && (c.PUBLIC_ORIGIN?.startsWith("https://") ?? false)),
      appTokenSecret:
        c.APP_TOKEN_SECRET ??
        (c.NODE_ENV === "production" ? undefined : DEVELOPMENT_APP_TOKEN_SECRET),
      secret: c.AUTH_SECRET,
      smsProvider: c.SMS_PROVIDER || "console",
      passwordScryptN: passwordScryptN(c.PASSWORD_SCRYPT_N, c.NODE_ENV),
    },
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    appDownloads: {
      ios: c.APP_IOS_DOWNLOAD_URL ?? DEFAULT_APP_DOWNLOADS.ios,
      android: c.APP_ANDROID_DOWNLOAD_URL ?? DEFAULT_APP_DOWNLOADS.android,
    },
    uploads: {
      kind: c.UPLOAD_STORAGE || "local",
      dir: c.UPLOAD_DIR ?? join(c.DATA_DIR, "uploads"),
    },
    alipay: readAlipayConfig(c),
  };
}
