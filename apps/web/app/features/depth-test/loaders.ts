import { isTestTag, type TestTag } from "@tongjian/domain/depth-test";
import { type Grade, isGrade } from "@tongjian/domain/learning";
import { data } from "react-router";

// What the test pages' loaders share: reading the query, and turning a service's refusal into
// the error screen with its status (404 unknown, 403 another reader's, 409 not finished).

const TEST_ID = /^[0-9a-f]{24}$/;

export function queryOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const grade = params.get("grade");
  const tag = params.get("tag");
  const testId = params.get("testId");
  return {
    grade: isGrade(grade) ? grade : null,
    gradeGiven: grade !== null,
    tag: isTestTag(tag) ? tag : null,
    tagGiven: tag !== null,
    testId,
  };
}

/** A testId of the query: null without one, the 404 screen for one that cannot exist. */
export function testIdOf(request: Request): string | null {
  const { testId } = queryOf(request);
  if (testId === null || testId === "") return null;
  if (!TEST_ID.test(testId)) throw data("测评不存在", { status: 404 });
  return testId;
}

/** The service's result, or the error screen with the status and message it refused with. */
export async function orRefusal<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status >= 400 && status < 500)
      throw data(error.message, { status });
    throw error;
  }
}

export const DEFAULT_GRADE: Grade = "junior";
export const DEFAULT_TAG: TestTag = "depth";
