import { NotFoundError, ServiceError } from "@tongjian/services/service-error";
import { describe, expect, it } from "vitest";
import { orNotFound } from "./not-found.ts";

describe("a loader's missing content", () => {
  it("becomes the 404 screen with the page's message", async () => {
    const thrown = await orNotFound(
      Promise.reject(new NotFoundError("文章不存在或已被删除")),
      "这篇文章不存在或已被删除",
    ).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      data: "这篇文章不存在或已被删除",
      init: { status: 404 },
    });
  });

  it("leaves other failures and found content as they are", async () => {
    const failure = new ServiceError(502, "微信登录失败，请重试");
    await expect(orNotFound(Promise.reject(failure))).rejects.toBe(failure);
    await expect(orNotFound(Promise.resolve({ id: "x" }))).resolves.toEqual({ id: "x" });
  });
});
