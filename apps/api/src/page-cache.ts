import type { Readable } from "node:stream";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { watchContentVersion } from "@tongjian/services/content/watch-content-version";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";

/**
 * Rendered pages for anonymous visitors are the same for everyone in the same environment
 * (browser, WeChat, app webview …), so they are kept in this process for a short time. Anyone
 * with a session cookie gets a fresh render. Content loaded by `db:seed` (in this or another
 * process) is noticed by polling the content version, and the cache is dropped.
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** Returns a value that changes whenever content changes. */
  contentVersion: () => Promise<string>;
  pollMs: number;
  /** Called with the URL (path and query) of every page served from the cache, and the
   * request, so that view counts stay true. */
  onHit?: (url: string, request: FastifyRequest) => void;
  /** Names of the session cookie (plain and `__Host-`): their readers get fresh renders. */
  sessionCookies: readonly string[];
}

interface CachedPage {
  body: Buffer;
  contentType: string;
}

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const NOT_PAGES = /^\/(api|assets|media)\/|^\/healthz|\.(js|css|svg|png|jpg|ico|txt|xml|json|map)$/;

async function toBuffer(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable).pipe === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
    }
    return Buffer.concat(chunks);
  }
  return null;
}

export function environmentVariant(userAgent: string | undefined): string {
  const env = parseAppEnv(userAgent ?? "");
  return `${env.environment}|${env.platform}|${env.isNativeApp ? (env.appVersion ?? "") : ""}`;
}

export function installPageCache(app: FastifyInstance, options: PageCacheOptions) {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.body.byteLength + 64,
    ttl: options.ttlMs,
  });
  const keys = new WeakMap<FastifyRequest, string>();
  const watch = watchContentVersion({
    contentVersion: options.contentVersion,
    pollMs: options.pollMs,
    onChange: () => cache.clear(),
  });
  app.addHook("onClose", async () => watch.close());

  const cacheKey = (request: FastifyRequest): string | null => {
    if (request.method !== "GET") return null;
    const path = request.url.split("?")[0] ?? "";
    if (NOT_PAGES.test(path)) return null;
    const cookie = request.headers.cookie ?? "";
    if (options.sessionCookies.some((name) => cookie.includes(`${name}=`))) return null;
    return `${environmentVariant(request.headers["user-agent"])} ${request.url}`;
  };

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const key = cacheKey(request);
    if (!key) return;
    const hit = cache.get(key);
    if (hit) {
      options.onHit?.(request.url, request);
      return reply
        .header("content-type", hit.contentType)
        .header("x-page-cache", "hit")
        .header("cache-control", "no-cache")
        .send(hit.body);
    }
    keys.set(request, key);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const key = keys.get(request);
    if (!key) return payload;
    keys.delete(request);
    const contentType = String(reply.getHeader("content-type") ?? "");
    if (
      reply.statusCode !== 200 ||
      !CACHEABLE_TYPES.test(contentType) ||
      reply.hasHeader("set-cookie")
    ) {
      return payload;
    }
    const body = await toBuffer(payload);
    if (!body) return payload;
    cache.set(key, { body, contentType });
    reply.header("x-page-cache", "miss");
    reply.removeHeader("content-length");
    return body;
  });

  return {
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
