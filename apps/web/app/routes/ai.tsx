import { ASK_EXAMPLES, ASK_QUESTION_MAX_LENGTH } from "@tongjian/domain/ask-page";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { AskAnswerView, AskLink } from "../features/ask/ask-answer.tsx";
import { type AskTurn, useAskConversation } from "../features/ask/use-ask-conversation.ts";
import type { Route } from "./+types/ai";
import "./ai.css";

/** The question of `/ai?q=…`, as the API would take it. */
function questionOf(url: URL): string {
  const q = (url.searchParams.get("q") ?? "").trim();
  return Array.from(q).slice(0, ASK_QUESTION_MAX_LENGTH).join("");
}

// The first question is answered here, so that /ai?q=… works without JavaScript (the form is a
// plain GET form) and a shared link shows its answer in the first HTML.
export async function loader({ url, context }: Route.LoaderArgs) {
  const q = questionOf(url);
  return { q, answer: q ? await context.services.ask.answer(q) : null };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.q ? `${data.q} - 问史 - ${PRODUCT_NAME}` : `问史 - ${PRODUCT_NAME}`;
  return [
    { title },
    {
      name: "description",
      content: "问史：问人物、朝代、事件、地点和作品，答案只来自通鉴的资料，并注明出处。",
    },
  ];
}

function Turn({
  turn,
  onAsk,
  onRetry,
}: {
  turn: AskTurn;
  onAsk: (question: string) => void;
  onRetry: (key: string) => void;
}) {
  return (
    <li className="tj-ask__turn" data-state={turn.state}>
      <p className="tj-ask__question">{turn.question}</p>
      <div className="tj-ask__reply">
        {turn.state === "loading" && (
          <p className="tj-ask__pending" role="status">
            <span className="tj-ask__spinner" aria-hidden="true" />
            正在翻检资料…
          </p>
        )}
        {turn.state === "error" && (
          <p className="tj-ask__error" role="alert">
            {turn.message}
            <button type="button" className="tj-link-button" onClick={() => onRetry(turn.key)}>
              重试
            </button>
          </p>
        )}
        {turn.state === "answered" && <AskAnswerView answer={turn.answer} onAsk={onAsk} />}
      </div>
    </li>
  );
}

/** The conversation of one page load; a new `?q=` (back, a shared link) starts another. */
function Conversation({ first }: { first: Route.ComponentProps["loaderData"]["answer"] }) {
  const { turns, ask, retry } = useAskConversation(first);
  const [draft, setDraft] = useState("");
  const last = useRef<HTMLOListElement>(null);
  const asked = turns.length;

  // A new question scrolls into view; the server-rendered first one is already in place.
  useEffect(() => {
    if (asked > (first ? 1 : 0)) {
      last.current?.lastElementChild?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
  }, [asked, first]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft.trim()) return;
    ask(draft);
    setDraft("");
  };

  return (
    <>
      {turns.length === 0 && (
        <p className="tj-ask__intro">
          问人物、朝代、事件、地点和作品。答案只来自通鉴收录的资料，并注明出处；资料里没有的，会直说不知道。
        </p>
      )}
      {/* In the page from the start, so that screen readers announce the first answer too. */}
      <ol ref={last} className="tj-ask__turns" aria-label="问答记录" aria-live="polite">
        {turns.map((turn) => (
          <Turn key={turn.key} turn={turn} onAsk={ask} onRetry={retry} />
        ))}
      </ol>

      <form
        method="get"
        action="/ai"
        className="tj-ask__form"
        aria-label="提问"
        onSubmit={onSubmit}
      >
        <input
          name="q"
          type="search"
          value={draft}
          maxLength={ASK_QUESTION_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="例如：李白是哪里人"
          aria-label="你的问题"
          autoComplete="off"
          enterKeyHint="send"
        />
        <button type="submit" className="tj-button">
          提问
        </button>
      </form>

      <section className="tj-ask__examples" aria-label="试试这些问题">
        <h2 className="tj-ask__examples-title">试试这些问题</h2>
        <ul>
          {ASK_EXAMPLES.map((example) => (
            <li key={example}>
              <AskLink question={example} onAsk={ask} className="tj-ask-chip">
                {example}
              </AskLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function AskPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="tj-ask">
      <h1 className="tj-ask__title">问史</h1>
      <Conversation key={loaderData.q} first={loaderData.answer} />
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const message = isRouteErrorResponse(error)
    ? (typeof error.data === "string" && error.data) || error.statusText
    : "资料一时没有查到";
  return (
    <main className="tj-ask tj-state tj-state--error">
      <h1 className="tj-state__title">问史出错了</h1>
      <p className="tj-state__hint">{message || "资料一时没有查到"}，请稍后重试。</p>
      {/* A full load of the same address asks again, with or without JavaScript. */}
      <a className="tj-button" href={`${location.pathname}${location.search}`}>
        重试
      </a>
    </main>
  );
}
