import type { BookCard, BookListCard } from "@tongjian/contracts/books";
import { bookListPath, bookPath } from "@tongjian/domain/books";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import "./books.css";

/** A book in a list: its spine, title, author and period, and its intro. */
export function BookRow({ book, side }: { book: BookCard; side?: ReactNode }) {
  return (
    <li>
      <div className="tj-book-row">
        <span className="tj-book-spine" aria-hidden="true">
          {book.title}
        </span>
        <div className="tj-book-row__body">
          <h3 className="tj-book-row__title">
            <AppLink to={bookPath(book.key)} prefetch>
              {book.title}
            </AppLink>
          </h3>
          <p className="tj-book-row__meta">
            {book.period} · {book.author}
            {book.chapterCount > 0 ? ` · ${book.chapterCount} 章可读` : " · 书目"}
          </p>
          <p className="tj-book-row__intro">{book.intro}</p>
        </div>
        {side && <div className="tj-book-row__side">{side}</div>}
      </div>
    </li>
  );
}

export function BookRows({ books, empty }: { books: BookCard[]; empty: string }) {
  if (books.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <ul className="tj-book-list">
      {books.map((b) => (
        <BookRow key={b.key} book={b} />
      ))}
    </ul>
  );
}

export function ListCards({ lists }: { lists: BookListCard[] }) {
  if (lists.length === 0) return <p className="tj-empty">还没有书单</p>;
  return (
    <ul className="tj-list-cards">
      {lists.map((l) => (
        <li key={l.key}>
          <AppLink className="tj-list-card" to={bookListPath(l.key)} prefetch>
            <span className="tj-list-card__theme">{l.theme}</span>
            <p className="tj-list-card__title">{l.title}</p>
            <p className="tj-list-card__blurb">
              {l.bookCount} 本：{l.titles.map((t) => `《${t}》`).join("")}
            </p>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** The sections of the book pages: 书库, 书单, 在线读书. */
export function BooksNav({ current }: { current: "library" | "lists" | "online" }) {
  const items = [
    ["library", "/book", "书库"],
    ["lists", "/book/list", "书单"],
    ["online", "/onlinebook", "在线读书"],
  ] as const;
  return (
    <nav aria-label="读书">
      <ul className="tj-books__nav">
        {items.map(([key, to, label]) => (
          <li key={key}>
            <AppLink to={to} aria-current={key === current ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A labelled bar of progress toward a goal. */
export function GoalBar({
  label,
  value,
  goal,
  unit,
}: {
  label: string;
  value: number;
  goal: number;
  unit: string;
}) {
  const percent = goal > 0 ? Math.min(100, Math.round((value / goal) * 100)) : 0;
  return (
    <div className="tj-goal">
      <div className="tj-goal__label">
        <span>{label}</span>
        <span>
          {value.toLocaleString("zh-CN")} / {goal.toLocaleString("zh-CN")} {unit}（{percent}%）
        </span>
      </div>
      <div
        className="tj-goal__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(value, goal)}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
