import type { ExamState, TestReport } from "@tongjian/contracts/depth-test";
import { examPath, type TestTag } from "@tongjian/domain/depth-test";
import type { Grade } from "@tongjian/domain/learning";
import { useState } from "react";
import { useNavigate } from "react-router";
import { usePlatform } from "../../shell/platform.tsx";
import { failureMessage, useSignIn } from "../../shell/use-sign-in.ts";

const BASE = "/api/m/special/deepexam/test";

/** Starting a test (or resuming the unfinished one of that grade and kind) from any page. */
export function useStartTest() {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async (grade: Grade, tag: TestTag) => {
    setBusy(true);
    setError(null);
    try {
      const state = await api.post<ExamState>(`${BASE}/create`, { grade, tag });
      navigate(examPath(tag, state.testId));
    } catch (failure) {
      setError(failureMessage(failure, signIn));
      setBusy(false);
    }
  };
  return { start, busy, error, signIn };
}

/** The calls of the exam screen: save one answer, submit. */
export function useExamCalls() {
  const { api } = usePlatform();
  const signIn = useSignIn();
  return {
    signIn,
    answer: (testId: string, questionId: string, chosen: number[]) =>
      api.post<ExamState>(`${BASE}/answer`, { testId, questionId, chosen }),
    submit: (testId: string, qaList: { questionId: string; chosen: number[] }[]) =>
      api.post<TestReport>(`${BASE}/submit`, { testId, qaList }),
  };
}
