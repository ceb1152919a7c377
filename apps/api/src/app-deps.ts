import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { SmsProvider } from "@tongjian/services/accounts/sms-provider";
import type { Services } from "@tongjian/services/create-services";
import type { KeyValueStore } from "@tongjian/services/key-value-store";
import type { WeChatExtras } from "./providers/wechat/wechat-extras.ts";
import type { WeChatProvider } from "./providers/wechat/wechat-provider.ts";
import type { ServerConfig } from "./server-config.ts";

export interface AppDeps {
  config: ServerConfig;
  handle: DatabaseHandle;
  store: KeyValueStore;
  wechat: WeChatProvider;
  /** Subscriber info, follow QR code, mini program schemes and 企业微信 contacts. */
  wechatExtras: WeChatExtras;
  sms: SmsProvider;
  /** The key CSRF tokens are signed with (AUTH_SECRET, or generated and kept in the database). */
  authSecret: string;
  /** The product's operations, shared by the API routes and the page loaders. */
  services: Services;
}
