import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import FindMyWay from "find-my-way";
import { type ZodType, z } from "zod";
import { type ErrorReply, errorReply } from "./error-handler.ts";

/**
 * Page loaders read the API through the paths the browser uses. For the read-only content
 * routes that pages load (home, articles, entries, search), going through HTTP emulation
 * (`app.inject`: a fake socket, every hook, JSON written and parsed again) cost more than the
 * route itself, five times over for an entry page. Those routes are marked with
 * {@link PAGE_DATA} and answered in process: the same router, the same Zod schemas for the
 * params, the query and the reply, the same handler and the same error envelopes, without the
 * HTTP around them. docs/decisions/0009-page-data-in-process.md.
 *
 * A page-data route's handler reads only `request.params` and `request.query` and returns its
 * reply body; it never touches `reply`. Its reply is handed to the page as it is, not copied
 * through JSON, so it must be plain data (what JSON would carry) and must not be changed by
 * whoever reads it; values shared between requests (the content read caches) are frozen.
 */
export const PAGE_DATA = { pageData: true } as const;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answered in process for page loaders: see {@link PAGE_DATA}. */
    pageData?: boolean;
  }
  interface FastifyInstance {
    /** The page-data routes, for the page loaders' in-process API. */
    pageData: PageDataRoutes;
  }
}

export interface PageDataReply {
  status: number;
  body: unknown;
}

/** A Zod validator as the type provider compiles it for Fastify (synchronous schemas only). */
type Validator = (data: unknown) => { value?: unknown; error?: unknown };

interface PageDataRoute {
  url: string;
  handler: RouteHandlerMethod;
  params: Validator | null;
  query: Validator | null;
  reply: ZodType | null;
}

/** The reply stand-in of an in-process call: page-data handlers return their body instead. */
const NO_REPLY = new Proxy(
  {},
  {
    get(_target, name) {
      throw new Error(`页面数据接口不能使用 reply.${String(name)}`);
    },
  },
);

function validationError(issues: unknown, context: "params" | "querystring"): FastifyError {
  const error = new Error(`${context} 校验失败`) as FastifyError;
  error.statusCode = 400;
  error.code = "FST_ERR_VALIDATION";
  error.validation = issues as FastifyError["validation"];
  error.validationContext = context;
  return error;
}

export interface PageDataRoutes {
  /**
   * Answers a GET of a page-data route in process, or returns null when the path is not one
   * (the caller then goes through HTTP emulation).
   */
  get(
    url: string,
    request: { id: string; log: FastifyBaseLogger; headers: Record<string, string> },
  ): Promise<PageDataReply> | null;
}

/**
 * Collects the page-data routes as they are registered (call before registering routes) into
 * `app.pageData`. The router is find-my-way, Fastify's own, with the server's options, so paths
 * match, decode and parse their query strings as they do over HTTP.
 */
export function collectPageDataRoutes(
  app: FastifyInstance,
  routerOptions: { maxParamLength: number },
): void {
  const router = FindMyWay({ maxParamLength: routerOptions.maxParamLength });
  const compile = (schema: unknown, httpPart: string, url: string): Validator | null =>
    schema
      ? (validatorCompiler({
          schema: schema as ZodType,
          method: "GET",
          url,
          httpPart,
        }) as Validator)
      : null;

  app.addHook("onRoute", (options: RouteOptions) => {
    if (!options.config?.pageData) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    // Fastify adds a HEAD route for every GET one, with the same options.
    if (methods.includes("HEAD") && !methods.includes("GET")) return;
    if (!methods.includes("GET")) throw new Error(`页面数据接口只能是 GET：${options.url}`);
    const url = options.url;
    const schema = (options.schema ?? {}) as {
      params?: unknown;
      querystring?: unknown;
      response?: Record<string, unknown>;
    };
    const reply = schema.response?.[200];
    const route: PageDataRoute = {
      url,
      handler: options.handler,
      params: compile(schema.params, "params", url),
      query: compile(schema.querystring, "querystring", url),
      reply: reply instanceof z.ZodType ? reply : null,
    };
    router.on("GET", url, () => undefined, route);
  });

  async function answer(
    app: FastifyInstance,
    route: PageDataRoute,
    found: { params: Record<string, string | undefined>; searchParams: Record<string, string> },
    request: { id: string; log: FastifyBaseLogger; headers: Record<string, string> },
  ): Promise<PageDataReply> {
    try {
      let params: unknown = found.params;
      let query: unknown = found.searchParams;
      if (route.params) {
        const result = route.params(params);
        if (result.error) throw validationError(result.error, "params");
        params = result.value;
      }
      if (route.query) {
        const result = route.query(query);
        if (result.error) throw validationError(result.error, "querystring");
        query = result.value;
      }
      const stand = { ...request, params, query, method: "GET", url: route.url };
      // biome-ignore lint/suspicious/noExplicitAny: a page-data handler reads params and query only
      let body: unknown = await route.handler.call(app, stand as any, NO_REPLY as any);
      if (route.reply) body = route.reply.parse(body);
      return { status: 200, body };
    } catch (error) {
      const reply: ErrorReply = errorReply(error as FastifyError, request);
      return reply;
    }
  }

  const routes: PageDataRoutes = {
    get(url, request) {
      const found = router.find("GET", url);
      if (!found) return null;
      return answer(app, found.store as PageDataRoute, found, request);
    },
  };
  app.decorate("pageData", routes);
}
