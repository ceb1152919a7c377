import { isResolvedCode } from "@tongjian/domain/api-codes";

/** How the browser reaches the API: over HTTP, or through the native app (browser-api.ts). */
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
