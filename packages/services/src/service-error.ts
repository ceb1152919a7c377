import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";

/**
 * A product operation that cannot be done, with what the reader is told: the HTTP status the
 * API answers with, the spec's envelope code (§7, §8) and a Chinese message. Page loaders turn
 * a {@link NotFoundError} into the 404 screen.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = status,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export class NotFoundError extends ServiceError {
  constructor(message = "内容不存在或已被删除") {
    super(404, message);
    this.name = "NotFoundError";
  }
}

export class BadRequestError extends ServiceError {
  constructor(message: string) {
    super(400, message);
    this.name = "BadRequestError";
  }
}

/** Spec §8: code 600, "not logged in"; the page then sends the reader to WeChat's consent. */
export class NotLoggedInError extends ServiceError {
  constructor(message = "未登录") {
    super(401, message, CODE_NOT_LOGGED_IN);
    this.name = "NotLoggedInError";
  }
}
