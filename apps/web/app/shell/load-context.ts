import type { Viewer } from "@tongjian/domain/viewer";
import type { Services } from "@tongjian/services/create-services";

/** What the shell needs to know about WeChat in the browser (root loader → client). */
export interface WeChatWebConfig {
  /** The app's Open Platform AppID for `wx-open-launch-app`; null leaves the tag out. */
  openAppId: string | null;
  /** Where the JS-SDK script is loaded from; null uses the bundled copy. */
  jsSdkUrl: string | null;
  /** The mini program's original ID for `wx-open-launch-weapp` (/openxcx); null: scheme only. */
  miniUsername: string | null;
}

// What the server hands every loader (apps/api/src/register-web.ts builds it). Loaders call the
// services directly, the same functions the API routes call; the import is a type only, so no
// server code reaches the browser bundle.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    hosts: {
      preview: string | null;
      fallback: string | null;
      publicOrigin: string | null;
      /** Store links of the download page (/redirectpage). */
      iosDownload: string;
      androidDownload: string;
    };
    wechat: WeChatWebConfig;
    /**
     * Who is asking (decision 18), resolved once per request from the session cookie. A loader
     * that needs login calls `requirePageUser(context, request)` (shell/require-login.ts).
     */
    viewer: Viewer;
    auth: {
      /** WeChat's consent page and the state cookie to set with the redirect; null if off. */
      wechatConsent(redirect: string, silent: boolean): { url: string; cookie: string } | null;
    };
  }
}
