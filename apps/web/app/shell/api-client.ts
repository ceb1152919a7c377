import { isResolvedCode } from "@tongjian/domain/api-codes";

export type ApiTransport = (
  path: string,
  init?: { method?: "GET" | "POST"; body?: unknown },
) => Promise<{ status: number; body: unknown }>;

export class ApiRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

interface Envelope {
  code: number;
  message?: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === "object" && value !== null && typeof (value as Envelope).code === "number"
  );
}

/** Browser transport: same paths, over HTTP. */
export const browserTransport: ApiTransport = async (path, init = {}) => {
  const response = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body !== undefined ? { "content-type": "application/json" } : {},
    body: init.body !== undefined ? JSON.stringify(init.body) : null,
    credentials: "same-origin",
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = { code: response.status, message: "网络异常，请稍后重试", data: null };
  }
  return { status: response.status, body };
};

/**
 * Calls the API and applies the spec's codes (§7, §8): 200 and 201 resolve, 617 and 9009 are
 * also resolved, everything else (600, 888 …) rejects with the server's message.
 */
export async function callApi<T>(
  transport: ApiTransport,
  path: string,
  init?: { method?: "GET" | "POST"; body?: unknown },
): Promise<T> {
  const { status, body } = await transport(path, init);
  if (!isEnvelope(body)) throw new ApiRequestError(status, "服务返回格式有误", status);
  if (!isResolvedCode(body.code)) {
    throw new ApiRequestError(body.code, body.message || "请求失败，请稍后重试", status);
  }
  return body.data as T;
}
