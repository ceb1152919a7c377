import type { BoardItem } from "@tongjian/contracts/boards";
import { formatViewCount } from "@tongjian/domain/view-count";
import { AppLink } from "../../shell/app-link.tsx";
import "./boards.css";

/** Where a board item opens: an entry's page, or a post's (tracked as postPage, spec §2). */
export function boardItemPath(item: BoardItem): string {
  return item.kind === "entry" ? `/detail/${item.id}` : `/community/detail?id=${item.id}`;
}

function BoardRow({ item, showKind }: { item: BoardItem; showKind: boolean }) {
  const title = item.kind === "entry" ? item.name : item.title;
  const sub =
    item.kind === "entry"
      ? [item.timeDesc, item.summary].filter(Boolean).join(" · ")
      : [item.author, item.circle].filter(Boolean).join(" · ");
  return (
    <li className="tj-board__item">
      <AppLink className="tj-board__link" to={boardItemPath(item)}>
        <span className={`tj-board__rank${item.rank <= 3 ? " tj-board__rank--top" : ""}`}>
          {item.rank}
        </span>
        <span className="tj-board__body">
          <span className="tj-board__title">
            {showKind && (
              <span className="tj-board__kind">{item.kind === "entry" ? "词条" : "帖子"}</span>
            )}
            {title}
          </span>
          {sub && <span className="tj-board__sub">{sub}</span>}
          <span className="tj-board__meta">
            热度 {formatViewCount(item.heat)} · 浏览 {formatViewCount(item.views)} · 点赞{" "}
            {item.likes} · {item.kind === "entry" ? "短评" : "评论"} {item.comments}
          </span>
        </span>
      </AppLink>
    </li>
  );
}

/** A board's list, rank first; `showKind` tags each row 词条 or 帖子 (the mixed hot board). */
export function BoardList({ items, showKind = false }: { items: BoardItem[]; showKind?: boolean }) {
  return (
    <ol className="tj-board__list">
      {items.map((item) => (
        <BoardRow key={`${item.kind}-${item.id}`} item={item} showKind={showKind} />
      ))}
    </ol>
  );
}

/** The ranking rule, shown on both boards (issue 16: "with a clear rule shown"). */
export function BoardRule({ rule, rankedAt }: { rule: string; rankedAt: string }) {
  const time = new Date(rankedAt);
  const hh = String((time.getUTCHours() + 8) % 24).padStart(2, "0");
  const mm = String(time.getUTCMinutes()).padStart(2, "0");
  return (
    <details className="tj-board__rule" open>
      <summary className="tj-board__rule-summary">榜单规则</summary>
      <p>{rule}</p>
      <p className="tj-board__rule-time">本次排名计算于北京时间 {`${hh}:${mm}`}。</p>
    </details>
  );
}
