import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import { readContentVersion } from "@tongjian/db/content-version";
import { isOfflineSaveRequest } from "@tongjian/domain/offline-pages";
import { SESSION_COOKIE_NAMES } from "@tongjian/services/accounts/auth-cookies";
import Fastify, { type FastifyRequest, type FastifyServerOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { registerApiDocs } from "./api-docs.ts";
import type { AppDeps } from "./app-deps.ts";
import { installErrorHandler } from "./error-handler.ts";
import { installPageCache } from "./page-cache.ts";
import { viewedContent } from "./page-views.ts";
import { registerAuthRoutes } from "./routes/accounts/auth-routes.ts";
import { registerTvPairingRoutes } from "./routes/accounts/tv-pairing-routes.ts";
import { registerVisitorRoutes } from "./routes/accounts/visitor-routes.ts";
import { registerAgreementRoutes } from "./routes/agreements/agreement-routes.ts";
import { registerAskRoutes } from "./routes/ai/ask-routes.ts";
import { registerBoardRoutes } from "./routes/boards/board-routes.ts";
import { registerBookRoutes } from "./routes/books/book-routes.ts";
import { registerCampaignRoutes } from "./routes/campaigns/campaign-routes.ts";
import { registerCampaignWorksRoutes } from "./routes/campaigns/campaign-works-routes.ts";
import { registerDayRoutes } from "./routes/campaigns/days-routes.ts";
import { registerDivinationRoutes } from "./routes/campaigns/divination-routes.ts";
import { registerGreetingCardRoutes } from "./routes/campaigns/greeting-card-routes.ts";
import { registerInviteReviewRoutes } from "./routes/campaigns/invite-review-routes.ts";
import { registerQuizRoutes } from "./routes/campaigns/quiz-routes.ts";
import { registerVoteRoutes } from "./routes/campaigns/vote-routes.ts";
import { registerCommerceRoutes } from "./routes/commerce/commerce-routes.ts";
import { registerPayNotifyRoutes } from "./routes/commerce/pay-notify-routes.ts";
import { registerCommunityRoutes } from "./routes/community/community-routes.ts";
import { registerArticleRoutes } from "./routes/content/article-routes.ts";
import { registerCoverRoutes } from "./routes/content/cover-routes.ts";
import { registerHomeRoutes } from "./routes/content/home-routes.ts";
import { registerInsightRoutes } from "./routes/content/insight-routes.ts";
import { registerItemRoutes } from "./routes/content/item-routes.ts";
import { registerAbPathRoutes } from "./routes/graph/ab-path-routes.ts";
import { registerFamilyRoutes } from "./routes/graph/family-routes.ts";
import { registerRelationMapRoutes } from "./routes/graph/relation-map-routes.ts";
import { registerTimeRoutes } from "./routes/graph/time-routes.ts";
import { registerHealthRoutes } from "./routes/health/health-routes.ts";
import { registerChallengeRoutes } from "./routes/learning/challenge-routes.ts";
import { registerDepthTestRoutes } from "./routes/learning/depth-test-routes.ts";
import { registerKnowledgePointRoutes } from "./routes/learning/knowledge-point-routes.ts";
import { registerLadderRoutes } from "./routes/learning/ladder-routes.ts";
import { registerStudyRecordRoutes } from "./routes/learning/study-record-routes.ts";
import { registerListRoutes } from "./routes/lists/lists-routes.ts";
import { registerSampleAudioRoutes } from "./routes/media/sample-audio-routes.ts";
import { registerVideoLiveRoutes } from "./routes/media/video-live-routes.ts";
import { registerMuseumRoutes } from "./routes/museum/museum-routes.ts";
import { registerMusicRoutes } from "./routes/music/music-routes.ts";
import { registerMyRoutes } from "./routes/my/my-routes.ts";
import { registerPaintingRoutes } from "./routes/painting/painting-routes.ts";
import { registerPanoramaRoutes } from "./routes/panorama/panorama-routes.ts";
import { registerPromotionRoutes } from "./routes/promotions/promotions-routes.ts";
import { registerSearchRoutes } from "./routes/search/search-routes.ts";
import { registerSitemapRoutes } from "./routes/seo/sitemap-routes.ts";
import { registerWeChatSignatureRoutes } from "./routes/share/wechat-signature-routes.ts";
import { registerFollowRoutes } from "./routes/social/follow-routes.ts";
import { registerLikeRoutes } from "./routes/social/like-routes.ts";
import { registerTimeMapRoutes } from "./routes/timemap/timemap-routes.ts";
import { registerTrackingRoutes } from "./routes/tracking/tracking-routes.ts";
import { registerWeChatExtrasRoutes } from "./routes/wechat/wechat-extras-routes.ts";
import { registerWordsRoutes } from "./routes/words/words-routes.ts";
import { installTextGuard } from "./text-guard.ts";
import type { TypedApp } from "./typed-app.ts";
import { installViewerHooks } from "./viewer-hooks.ts";

export interface BuildAppOptions {
  logger?: FastifyServerOptions["logger"];
  /** Registers the web app (pages and static assets) on the same server. */
  registerWeb?: (app: TypedApp) => Promise<void>;
}

/** The origin of a configured script URL, for the CSP's script-src. */
function scriptOrigin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * A page served from the page cache counts the view its loader would have counted; the service
 * worker's copy of a page for offline reading counts none (its loader would not either).
 */
function countPageView(deps: AppDeps, url: string, request: FastifyRequest) {
  const headers = {
    get: (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" ? value : null;
    },
  };
  if (isOfflineSaveRequest(headers)) return;
  const viewed = viewedContent(url);
  if (viewed?.kind === "article") deps.services.articles.countView(viewed.id);
  else if (viewed?.kind === "entry") deps.services.entries.countView(viewed.id);
  else if (viewed?.kind === "post") deps.services.community.countView(viewed.id);
}

// A random prefix per process and a counter: unique like random ids, without asking the OS for
// random bytes on every request.
const REQUEST_ID_PREFIX = randomBytes(4).toString("hex");
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % 0x1_0000_0000;
  return `${REQUEST_ID_PREFIX}${requestCounter.toString(16).padStart(8, "0")}`;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<TypedApp> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : nextRequestId();
    },
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // The services' read caches poll the content version until the server closes.
  app.addHook("onClose", () => deps.services.close());

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // A response that sets a cookie is one visitor's: no cache may keep it. Browsers hide
    // Set-Cookie from the service worker, which reads this instead (decision 16).
    if (reply.hasHeader("set-cookie")) reply.header("cache-control", "private, no-store");
  });

  // Security headers (helmet), built once: @fastify/helmet rebuilt the middleware, and parsed
  // the CSP directives, on every request.
  const securityHeaders = helmet({
    // Pages inline React Router's hydration data and the head script that sets the text size.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The WeChat JS-SDK, when it is loaded from WeChat's (or the simulator's) origin.
        "script-src": ["'self'", "'unsafe-inline'", ...scriptOrigin(deps.config.wechat.jsSdkUrl)],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "media-src": ["'self'", "blob:", "https:"],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: deps.config.production,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  if (options.registerWeb && deps.config.pageCacheTtlMs > 0) {
    // Before compression, so that the cache holds plain HTML and every hit is compressed for
    // the client that asked.
    installPageCache(app, {
      ttlMs: deps.config.pageCacheTtlMs,
      maxBytes: 64 * 1024 * 1024,
      pollMs: deps.config.contentPollMs,
      sessionCookies: SESSION_COOKIE_NAMES,
      contentVersion: () => readContentVersion(deps.handle.db),
      onHit: (url, request) => countPageView(deps, url, request),
    });
  }
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
    // Pages and JSON are compressed per request: brotli's default quality (11) costs far more
    // CPU than it saves bytes here.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, {
    max: deps.config.rateLimitPerMinute,
    timeWindow: "1 minute",
    ...(deps.store.kind === "redis" && "client" in deps.store
      ? {
          redis: (deps.store as unknown as { client: import("ioredis").Redis }).client,
          nameSpace: "tj:rl:",
        }
      : {}),
    allowList: (request) => !request.url.startsWith("/api/"),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `请求过于频繁，请 ${Math.ceil(context.ttl / 1000)} 秒后再试`,
      data: null,
    }),
  });

  // U+0000 in an API call's parameters or body: 400 before any hook or route reads it.
  installTextGuard(app);
  // Who is asking, CSRF and "needs login", for the API and the pages alike (decision 18).
  installViewerHooks(app, deps);
  await registerApiDocs(app);
  registerHealthRoutes(app, deps);
  await app.register(async (api) => {
    const typed = api.withTypeProvider<ZodTypeProvider>();
    registerHomeRoutes(typed, deps);
    registerItemRoutes(typed, deps);
    registerArticleRoutes(typed, deps);
    registerCoverRoutes(typed, deps);
    registerInsightRoutes(typed, deps);
    registerSearchRoutes(typed, deps);
    registerAskRoutes(typed, deps);
    registerLikeRoutes(typed, deps);
    registerSitemapRoutes(typed, deps);
    registerSampleAudioRoutes(typed, deps);
    registerVideoLiveRoutes(typed, deps);
    registerVisitorRoutes(typed, deps);
    registerAuthRoutes(typed, deps);
    registerTvPairingRoutes(typed, deps);
    registerWeChatSignatureRoutes(typed, deps);
    registerTrackingRoutes(typed, deps);
    registerCommunityRoutes(typed, deps);
    registerBoardRoutes(typed, deps);
    registerWordsRoutes(typed, deps);
    registerWeChatExtrasRoutes(typed, deps);
    registerFollowRoutes(typed, deps);
    registerMyRoutes(typed, deps);
    registerFamilyRoutes(typed, deps);
    registerAbPathRoutes(typed, deps);
    registerTimeRoutes(typed, deps);
    registerRelationMapRoutes(typed, deps);
    registerListRoutes(typed, deps);
    registerTimeMapRoutes(typed, deps);
    registerMuseumRoutes(typed, deps);
    registerPanoramaRoutes(typed, deps);
    registerMusicRoutes(typed, deps);
    registerPaintingRoutes(typed, deps);
    registerBookRoutes(typed, deps);
    registerKnowledgePointRoutes(typed, deps);
    registerChallengeRoutes(typed, deps);
    registerStudyRecordRoutes(typed, deps);
    registerDepthTestRoutes(typed, deps);
    registerLadderRoutes(typed, deps);
    registerPromotionRoutes(typed, deps);
    registerCampaignRoutes(typed, deps);
    registerVoteRoutes(typed, deps);
    registerInviteReviewRoutes(typed, deps);
    registerQuizRoutes(typed, deps);
    registerCampaignWorksRoutes(typed, deps);
    registerDayRoutes(typed, deps);
    registerDivinationRoutes(typed, deps);
    registerGreetingCardRoutes(typed, deps);
    registerCommerceRoutes(typed, deps);
    registerPayNotifyRoutes(typed, deps);
    registerAgreementRoutes(typed, deps);
    // Any other /api path answers in the envelope rather than falling through to the pages.
    typed.all("/api/*", { schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send({
        code: 404,
        message: `接口不存在：${request.method} ${request.url.split("?")[0]}`,
        data: null,
      }),
    );
  });

  if (options.registerWeb) await options.registerWeb(app);
  return app;
}
