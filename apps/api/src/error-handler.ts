import type { Envelope } from "@tongjian/contracts/common";
import { ServiceError } from "@tongjian/services/service-error";
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from "fastify";

// Chinese messages for the errors Fastify itself raises on bad input (spec: bad input gets a
// clear 4xx and never a stack trace).
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "请求体不是有效的 JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "请求体为空，但声明了 JSON 类型",
  FST_ERR_CTP_BODY_TOO_LARGE: "请求体过大",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "不支持的请求内容类型",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "请求长度与内容不符",
  FST_ERR_BAD_URL: "请求地址无效",
  FST_ERR_ASYNC_CONSTRAINT: "请求无效",
};

const STATUS_MESSAGES: Record<number, string> = {
  400: "请求参数有误",
  401: "请先登录",
  403: "没有权限",
  404: "内容不存在或已被删除",
  405: "不支持的请求方法",
  408: "请求超时，请重试",
  413: "请求体过大",
  415: "不支持的请求内容类型",
  429: "请求过于频繁，请稍后再试",
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: (string | number)[] } };
}

function validationMessage(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  const where = error.validationContext ?? "参数";
  const field = first?.instancePath?.replace(/^\//, "").replace(/\//g, ".") || "";
  const place = { body: "请求体", querystring: "查询参数", params: "路径参数", headers: "请求头" }[
    where as string
  ];
  return `${place ?? "参数"}${field ? ` ${field}` : ""} 无效${first?.message ? `：${first.message}` : ""}`;
}

export interface ErrorReply {
  status: number;
  body: Envelope<null>;
}

/**
 * The status and envelope an error is answered with: a service error's own, a validation error's
 * 400 naming the field, a Chinese message for Fastify's other 4xx, and for anything else a
 * logged 500 that names the request instead of showing a stack trace.
 */
export function errorReply(
  error: FastifyError | ServiceError,
  request: { id: string; log: Pick<FastifyBaseLogger, "error"> },
): ErrorReply {
  if (error instanceof ServiceError) {
    return {
      status: error.status,
      body: { code: error.code, message: error.message, data: null },
    };
  }
  if (error.validation) {
    return { status: 400, body: { code: 400, message: validationMessage(error), data: null } };
  }
  // PostgreSQL refusing a parameter's characters ("invalid byte sequence", 22021): the text came
  // from the request; the text guard answers most such requests before a route sees them.
  if ((error as { code?: unknown }).code === "22021")
    return { status: 400, body: { code: 400, message: "请求中含有无效字符", data: null } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = FASTIFY_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? "请求无效";
    return { status, body: { code: status, message, data: null } };
  }
  request.log.error({ err: error, reqId: request.id }, "unhandled error");
  return {
    status: 500,
    body: {
      code: 500,
      message: `服务器开小差了，请稍后再试（请求编号 ${request.id}）`,
      data: null,
    },
  };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = errorReply(error, request);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 404,
      message: `接口不存在：${request.method} ${request.url.split("?")[0]}`,
      data: null,
    });
  });
}
