import { resolve } from "node:path";
import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from "./in-process-request.ts";
import type { TypedApp } from "./typed-app.ts";

export interface ApiResponse {
  status: number;
  body: unknown;
}

/**
 * Page loaders reach the API through the same contract the browser uses, but in-process:
 * `app.inject` runs the route without a socket. Cookies and the user agent are passed along so
 * the API sees the same visitor.
 */
function createInProcessApi(app: TypedApp, incoming: Headers) {
  const forwarded: Record<string, string> = { [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN };
  for (const name of [
    "cookie",
    "user-agent",
    "accept-language",
    "x-app-terminal-id",
    "authorization",
  ]) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  return async function apiFetch(
    path: string,
    init: { method?: "GET" | "POST"; body?: unknown } = {},
  ): Promise<ApiResponse> {
    const response = await app.inject({
      method: init.method ?? "GET",
      url: path,
      headers: {
        ...forwarded,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(init.body !== undefined ? { payload: JSON.stringify(init.body) } : {}),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = { code: response.statusCode, message: "接口返回了无法解析的内容", data: null };
    }
    return { status: response.statusCode, body };
  };
}

export function webRegistrar(options: {
  buildDir: string;
  production: boolean;
  previewHost?: string;
  fallbackHost?: string;
  publicOrigin?: string;
  appDownloads: { ios: string; android: string };
  wechat: { openAppId?: string | undefined; jsSdkUrl?: string | undefined };
}) {
  return async (app: TypedApp) => {
    await app.register(reactRouterFastify, {
      buildDirectory: resolve(options.buildDir),
      mode: options.production ? "production" : "development",
      viteOptions: { configFile: resolve("apps/web/vite.config.ts"), root: resolve("apps/web") },
      getLoadContext: (request) => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(request.headers))
          if (typeof v === "string") headers.set(k, v);
        return {
          apiFetch: createInProcessApi(app, headers),
          hosts: {
            preview: options.previewHost ?? null,
            fallback: options.fallbackHost ?? null,
            publicOrigin: options.publicOrigin ?? null,
            iosDownload: options.appDownloads.ios,
            androidDownload: options.appDownloads.android,
          },
          wechat: {
            openAppId: options.wechat.openAppId ?? null,
            jsSdkUrl: options.wechat.jsSdkUrl ?? null,
          },
        };
      },
    });
  };
}
