import type { AskAnswer } from "@tongjian/contracts/ask";
import { useCallback, useRef, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

/** One question of the conversation, and where its answer is. */
export type AskTurn =
  | { key: string; question: string; state: "loading" }
  | { key: string; question: string; state: "answered"; answer: AskAnswer }
  | { key: string; question: string; state: "error"; message: string };

const FAILED = "没有拿到回答，请检查网络后重试";

/**
 * The questions asked on the page, oldest first. The first may come answered from the server
 * (`/ai?q=…`, which works without JavaScript); follow-ups are asked through POST /api/ai/ask
 * without leaving the page. A failed one keeps its question and can be asked again.
 */
export function useAskConversation(first: AskAnswer | null) {
  const { api } = usePlatform();
  const [turns, setTurns] = useState<AskTurn[]>(() =>
    first ? [{ key: "first", question: first.question, state: "answered", answer: first }] : [],
  );
  const counter = useRef(0);

  const run = useCallback(
    async (key: string, question: string) => {
      const settle = (turn: AskTurn) =>
        setTurns((list) => list.map((t) => (t.key === key ? turn : t)));
      try {
        const answer = await api.post<AskAnswer>("/api/ai/ask", { question });
        settle({ key, question, state: "answered", answer });
      } catch (error) {
        // A 4xx from the API says what was wrong with the question; anything else is the network.
        const message =
          error instanceof ApiRequestError && error.status >= 400 && error.status < 500
            ? error.message
            : FAILED;
        settle({ key, question, state: "error", message });
      }
    },
    [api],
  );

  const ask = useCallback(
    (raw: string) => {
      const question = raw.trim();
      if (!question) return;
      counter.current += 1;
      const key = `turn-${counter.current}`;
      setTurns((list) => [...list, { key, question, state: "loading" }]);
      void run(key, question);
    },
    [run],
  );

  const retry = useCallback(
    (key: string) => {
      const turn = turns.find((t) => t.key === key);
      if (!turn) return;
      setTurns((list) =>
        list.map((t) => (t.key === key ? { key, question: turn.question, state: "loading" } : t)),
      );
      void run(key, turn.question);
    },
    [run, turns],
  );

  return { turns, ask, retry };
}
