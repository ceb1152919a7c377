import type { TimeListItem } from "@tongjian/contracts/graph-time";
import { AppLink } from "../../shell/app-link.tsx";
import type { FocusAnswer, YearAnswer } from "./time-answers.ts";
import "./time-lists.css";

function Chips({ items, label }: { items: TimeListItem[]; label: string }) {
  return (
    <ul className="tj-tl-chips" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <AppLink className="tj-tl-chip" to={`/detail/${item.id}`}>
            <span className="tj-tl-chip__name">{item.name}</span>
            <span className="tj-tl-chip__time">{item.timeDesc}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** What stood in the cursor's year, in words and links: the picture's text alternative. */
export function YearList({ answer }: { answer: YearAnswer }) {
  return (
    <section className="tj-tl" aria-labelledby="tj-tl-year" data-testid="year-list">
      <h2 className="tj-section__title" id="tj-tl-year">
        {answer.label}
      </h2>
      <h3 className="tj-tl__head">在位的政权（{answer.regimes.length}）</h3>
      {answer.regimes.length > 0 ? (
        <Chips items={answer.regimes} label={`${answer.label}的政权`} />
      ) : (
        <p className="tj-tl__none">这一年没有收录的政权。</p>
      )}
      <h3 className="tj-tl__head">
        在世的人物（{answer.peopleTotal}
        {answer.peopleTotal > answer.people.length ? `，列出最知名的 ${answer.people.length}` : ""}
        ）
      </h3>
      {answer.people.length > 0 ? (
        <Chips items={answer.people} label={`${answer.label}在世的人物`} />
      ) : (
        <p className="tj-tl__none">这一年没有生卒年齐全的在世人物。</p>
      )}
      {answer.events.length > 0 && (
        <>
          <h3 className="tj-tl__head">正在发生的事件（{answer.events.length}）</h3>
          <Chips items={answer.events} label={`${answer.label}的事件`} />
        </>
      )}
    </section>
  );
}

/** Who lived at the same time as the chosen person (or during the chosen regime or event). */
export function FocusList({ answer, onClear }: { answer: FocusAnswer; onClear?: () => void }) {
  const during = answer.kind === "person" ? `与${answer.name}同时代` : `${answer.name}期间在世`;
  return (
    <section className="tj-tl" aria-labelledby="tj-tl-focus" data-testid="focus-list">
      <div className="tj-section__head">
        <h2 className="tj-section__title" id="tj-tl-focus">
          {during}的人物
        </h2>
        {onClear && (
          <button type="button" className="tj-link-button tj-tl__clear" onClick={onClear}>
            取消选择
          </button>
        )}
      </div>
      <p className="tj-tl__lead">
        <AppLink to={`/detail/${answer.id}`}>{answer.name}</AppLink>（{answer.timeDesc}）
        {answer.regimes.length > 0 && `，经历了${answer.regimes.map((r) => r.name).join("、")}`}。
        共有 {answer.contemporariesTotal} 位人物的生卒年与之重叠
        {answer.contemporariesTotal > answer.contemporaries.length
          ? `，下面是重叠最久的 ${answer.contemporaries.length} 位`
          : ""}
        。
      </p>
      {answer.contemporaries.length > 0 ? (
        <ul className="tj-tl-chips" aria-label={`${during}的人物`}>
          {answer.contemporaries.map((c) => (
            <li key={c.id}>
              <AppLink className="tj-tl-chip" to={`/detail/${c.id}`}>
                <span className="tj-tl-chip__name">{c.name}</span>
                <span className="tj-tl-chip__time">
                  {c.timeDesc} · 同在 {c.overlap} 年
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tj-tl__none">没有找到生卒年与之重叠的人物。</p>
      )}
    </section>
  );
}
