import type { ApiTransport } from "./api-client.ts";

/** What the shell needs to know about WeChat in the browser (root loader → client). */
export interface WeChatWebConfig {
  /** The app's Open Platform AppID for `wx-open-launch-app`; null leaves the tag out. */
  openAppId: string | null;
  /** Where the JS-SDK script is loaded from; null uses the bundled copy. */
  jsSdkUrl: string | null;
}

// What the server hands every loader (apps/api/src/register-web.ts builds it).
declare module "react-router" {
  interface AppLoadContext {
    apiFetch: ApiTransport;
    hosts: {
      preview: string | null;
      fallback: string | null;
      publicOrigin: string | null;
      /** Store links of the download page (/redirectpage). */
      iosDownload: string;
      androidDownload: string;
    };
    wechat: WeChatWebConfig;
  }
}
