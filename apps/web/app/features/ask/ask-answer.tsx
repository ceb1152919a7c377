import type { AskAnswer, AskPathStep } from "@tongjian/contracts/ask";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import type { MouseEvent, ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import "./ask-answer.css";

/** A link that asks a question: `/ai?q=…` without JavaScript, the page's own ask with it. */
export function AskLink({
  question,
  onAsk,
  className,
  children,
}: {
  question: string;
  onAsk: (question: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onAsk(question);
  };
  return (
    <a className={className} href={`/ai?q=${encodeURIComponent(question)}`} onClick={onClick}>
      {children}
    </a>
  );
}

const ARROWS: Record<AskPathStep["direction"], [string, string]> = {
  forward: ["—", "→"],
  backward: ["←", "—"],
  twoway: ["—", "—"],
};

/** A relation chain: 曹操 —争霸对手— 刘备 —丞相→ 诸葛亮. */
function AskPath({ steps }: { steps: AskPathStep[] }) {
  const [first] = steps;
  if (!first) return null;
  return (
    <div className="tj-ask-answer__path tj-rich-text" role="group" aria-label="关系链">
      <a href={`/detail/${first.from.id}`}>{first.from.name}</a>
      {steps.map((step) => {
        const [before, after] = ARROWS[step.direction];
        return (
          <span key={`${step.from.id}-${step.to.id}`} className="tj-ask-answer__step">
            <span className="tj-ask-answer__arrow" data-direction={step.direction}>
              {before}
              {step.label}
              {after}
            </span>
            <a href={`/detail/${step.to.id}`}>{step.to.name}</a>
          </span>
        );
      })}
    </div>
  );
}

/**
 * One answer: its text with the entries it names linked (an in-text link opens the entry's
 * summary pop-up), the relation chain, the entries it came from (来源), the choices of an
 * ambiguous name, and search results when the corpus has no answer.
 */
export function AskAnswerView({
  answer,
  onAsk,
}: {
  answer: AskAnswer;
  onAsk: (question: string) => void;
}) {
  const noAnswer = answer.status === "not-found" || answer.status === "unsupported";
  return (
    <div className="tj-ask-answer" data-status={answer.status}>
      {noAnswer && <p className="tj-ask-answer__badge">没有找到</p>}
      <p className="tj-ask-answer__text tj-rich-text">
        {answer.parts.map((part, i) =>
          part.id ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one answer never reorder.
            <a key={i} href={`/detail/${part.id}`}>
              {part.text}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one answer never reorder.
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>

      {answer.path && answer.path.length > 0 && <AskPath steps={answer.path} />}

      {answer.choices.length > 0 && (
        <ul className="tj-ask-answer__choices" aria-label="你问的是哪一个">
          {answer.choices.map((choice) => (
            <li key={choice.id}>
              <AskLink question={choice.question} onAsk={onAsk} className="tj-ask-chip">
                <strong>{choice.name}</strong>
                {choice.description && <small>{choice.description}</small>}
              </AskLink>
            </li>
          ))}
        </ul>
      )}

      {answer.search && (
        <section className="tj-ask-answer__search" aria-label="搜索结果">
          {answer.search.list.length > 0 ? (
            <ul>
              {answer.search.list.map((hit) => (
                <li key={hit.id}>
                  <AppLink to={`/detail/${hit.id}`}>
                    <span className="tj-ask-answer__kind">
                      {ENTRY_KIND_NAMES[hit.kind] ?? "词条"}
                    </span>
                    <strong>{hit.name}</strong>
                    {hit.timeDesc && <small>{hit.timeDesc}</small>}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : null}
          <AppLink
            className="tj-ask-answer__more"
            to={`/search?q=${encodeURIComponent(answer.search.q)}`}
          >
            在搜索中查看「{answer.search.q}」的全部结果
          </AppLink>
        </section>
      )}

      {answer.cited.length > 0 && (
        <p className="tj-ask-answer__sources">
          来源：
          {answer.cited.map((entry, i) => (
            <span key={entry.id}>
              {i > 0 && "、"}
              <AppLink to={`/detail/${entry.id}`}>{entry.name}</AppLink>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
