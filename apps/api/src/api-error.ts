/** An error the API answers with its own status, envelope code and Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: number = statusCode,
  ) {
    super(message);
    this.name = "ApiError";
  }

  static notFound(message = "内容不存在或已被删除") {
    return new ApiError(404, message);
  }

  static badRequest(message: string) {
    return new ApiError(400, message);
  }
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = "success"): Envelope<T> {
  return { code: 200, message, data };
}
