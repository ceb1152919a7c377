import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { TypedApp } from "./typed-app.ts";

/** The OpenAPI document of every route, built from the routes' contracts. */
export const OPENAPI_PATH = "/api/openapi.json";
/** The readable reference (Swagger UI, served from this process: nothing loads from outside). */
export const API_DOCS_PATH = "/api/docs";

/** What the document covers: the API, the media files and the files for crawlers; not pages. */
const DOCUMENTED = /^\/(?:api|media|sitemap)\/|^\/(?:healthz|sitemap\.xml|robots\.txt)$/;

const DESCRIPTION = `通鉴 H5、小程序与 App 共用的接口。

- 每个 JSON 接口都答 \`{ code, message, data }\`：200、201 成功，617、9009 也算成功；600 未登录，888 被拒绝，其余为错误，message 说明原因。
- 参数有误答 4xx 和中文说明，从不答 500。
- 编号为 24 位十六进制字符；路径中的 \`{lang}\` 目前只有 \`cn\`。`;

/**
 * Registers `@fastify/swagger` (before the routes, which it collects as they are registered)
 * with the Zod type provider's transform, the document at {@link OPENAPI_PATH} and Swagger UI at
 * {@link API_DOCS_PATH}.
 */
export async function registerApiDocs(app: TypedApp) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "通鉴 API", version: "1", description: DESCRIPTION },
    },
    transform: (input) =>
      DOCUMENTED.test(input.url)
        ? jsonSchemaTransform(input)
        : { schema: { hide: true }, url: input.url },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: "通鉴 API" },
    uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
