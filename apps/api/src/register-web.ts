import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import {
  serializeCookie,
  WECHAT_STATE_TTL_SECONDS,
} from "@tongjian/services/accounts/auth-cookies";
import type { Services } from "@tongjian/services/create-services";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createRenderTurns } from "./render-turns.ts";
import { createPartitionedRequestHandler } from "./route-partitions.ts";
import type { TypedApp } from "./typed-app.ts";

/** Hashed build assets never change; everything else public is kept an hour. */
const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
const PUBLIC_CACHE_CONTROL = "public, max-age=3600";
/**
 * The service worker (decision 16) is checked on every visit, so a new deployment's worker is
 * found at once; it may control the whole site although it could live anywhere.
 */
const SERVICE_WORKER_FILE = "sw.js";
const SERVICE_WORKER_CACHE_CONTROL = "no-cache";
const SERVER_BUILD_MODULE = "virtual:react-router/server-build";
/** Page renders started per turn of the event loop (render-turns.ts). */
const RENDERS_PER_TURN = 2;

/** The Fastify request as the Web `Request` React Router takes; aborted if the client leaves. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(`${request.protocol}://${request.host}${request.originalUrl}`, init);
}

/**
 * Sends React Router's web `Response` through Fastify: headers as they are (each Set-Cookie on
 * its own), the streamed page body as a Node stream, so the page cache and compression see it.
 */
async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

export function webRegistrar(options: {
  /** What page loaders call for their data: the same services as the API routes. */
  services: Services;
  buildDir: string;
  production: boolean;
  previewHost?: string;
  fallbackHost?: string;
  publicOrigin?: string;
  appDownloads: { ios: string; android: string };
  wechat: {
    openAppId?: string | undefined;
    jsSdkUrl?: string | undefined;
    miniUsername?: string | undefined;
  };
  /** Cookies `Secure` and `__Host-` (decision 18). */
  secureCookies?: boolean;
  /** WeChat's consent page for the login page's redirect; null when WeChat is not configured. */
  wechatAuthorizeUrl?: ((redirect: string, state: string, silent: boolean) => string) | null;
}) {
  // The same for every request.
  const hosts = {
    preview: options.previewHost ?? null,
    fallback: options.fallbackHost ?? null,
    publicOrigin: options.publicOrigin ?? null,
    iosDownload: options.appDownloads.ios,
    androidDownload: options.appDownloads.android,
  };
  const wechat = {
    openAppId: options.wechat.openAppId ?? null,
    jsSdkUrl: options.wechat.jsSdkUrl ?? null,
    miniUsername: options.wechat.miniUsername ?? null,
  };
  const secureCookies = options.secureCookies ?? false;
  const authorizeUrl = options.wechatAuthorizeUrl ?? null;
  const auth = {
    /**
     * WeChat's consent page, coming back to `redirect`, and the cookie that binds its state to
     * this browser (the login page's loader redirects there inside WeChat).
     */
    wechatConsent(redirect: string, silent: boolean) {
      if (!authorizeUrl) return null;
      const state = randomBytes(16).toString("base64url");
      return {
        url: authorizeUrl(redirect, state, silent),
        cookie: serializeCookie("wechatState", state, {
          secure: secureCookies,
          maxAgeSeconds: WECHAT_STATE_TTL_SECONDS,
        }),
      };
    },
  };
  const loadContext = (request: FastifyRequest) => ({
    services: options.services,
    hosts,
    wechat,
    viewer: request.viewer,
    auth,
  });

  return async (app: TypedApp) => {
    const buildDir = resolve(options.buildDir);
    let build: ServerBuild | (() => Promise<ServerBuild>);
    if (options.production) {
      const clientDir = join(buildDir, "client");
      const assetDir = join(clientDir, "assets");
      const serviceWorker = join(clientDir, SERVICE_WORKER_FILE);
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders(res, path) {
          if (path === serviceWorker) {
            res.setHeader("cache-control", SERVICE_WORKER_CACHE_CONTROL);
            res.setHeader("service-worker-allowed", "/");
            return;
          }
          res.setHeader(
            "cache-control",
            path.startsWith(assetDir) ? ASSET_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
          );
        },
      });
      build = (await import(
        pathToFileURL(join(buildDir, "server", "index.js")).href
      )) as ServerBuild;
    } else {
      // Development: Vite serves the modules and renders through its module graph (hot reload).
      const { createServer } = await import("vite");
      const vite = await createServer({
        configFile: resolve("apps/web/vite.config.ts"),
        root: resolve("apps/web"),
        server: { middlewareMode: true },
      });
      app.addHook("onClose", () => vite.close());
      const { default: middie } = await import("@fastify/middie");
      await app.register(middie);
      app.use(vite.middlewares);
      build = () => vite.ssrLoadModule(SERVER_BUILD_MODULE) as Promise<ServerBuild>;
    }
    // In production one handler per first segment of the address (route-partitions.ts); in
    // development the build is reloaded on every request.
    const handle =
      typeof build === "function"
        ? createRequestHandler(build, "development")
        : createPartitionedRequestHandler(build, "production");
    const turns = createRenderTurns(RENDERS_PER_TURN);
    await app.register(async (pages) => {
      // Bodies of form posts are read by React Router from the request itself.
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      pages.all("/*", async (request, reply) => {
        const turn = turns.take();
        if (turn) await turn;
        const webRequest = toWebRequest(request, reply);
        return sendWebResponse(reply, await handle(webRequest, loadContext(request)));
      });
    });
  };
}
