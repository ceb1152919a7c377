import { describe, expect, it } from "vitest";
import { orRefusal, queryOf, testIdOf } from "./loaders.ts";

const req = (query: string) => new Request(`http://localhost/depthtest/report${query}`);

describe("the test pages' query", () => {
  it("reads a known grade and kind, and tells an unknown one from a missing one", () => {
    expect(queryOf(req("?grade=junior&tag=ai"))).toMatchObject({ grade: "junior", tag: "ai" });
    expect(queryOf(req("?grade=college&tag=quiz"))).toMatchObject({
      grade: null,
      gradeGiven: true,
      tag: null,
      tagGiven: true,
    });
    expect(queryOf(req(""))).toMatchObject({ grade: null, gradeGiven: false, tagGiven: false });
  });

  it("takes a well-formed testId, none, or answers 404 for one that cannot exist", () => {
    const id = "0123456789abcdef01234567";
    expect(testIdOf(req(`?testId=${id}`))).toBe(id);
    expect(testIdOf(req(""))).toBeNull();
    let thrown: unknown;
    try {
      testIdOf(req("?testId=nope"));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("turns a service's refusal into the error screen with its status and message", async () => {
    const refusal = Object.assign(new Error("这不是你的测评"), { status: 403 });
    const caught = await orRefusal(Promise.reject(refusal)).catch((e: unknown) => e);
    expect(caught).toMatchObject({ data: "这不是你的测评", init: { status: 403 } });
    const crash = new Error("boom");
    await expect(orRefusal(Promise.reject(crash))).rejects.toBe(crash);
    await expect(orRefusal(Promise.resolve(7))).resolves.toBe(7);
  });
});
