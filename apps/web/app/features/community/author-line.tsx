import type { Person } from "@tongjian/contracts/community";
import { formatRelativeTime } from "@tongjian/domain/relative-time";

/** The first character of a name on a coloured disc: readers have no uploaded avatars yet. */
export function Avatar({ person, size = "md" }: { person: Person; size?: "sm" | "md" }) {
  const initial = [...person.name.replace(/^示例·/, "")][0] ?? "读";
  return (
    <span className={`tj-avatar tj-avatar--${size}`} aria-hidden="true">
      {initial}
    </span>
  );
}

/** Who wrote it and when (relative to now, spec §9). */
export function AuthorLine({
  author,
  createdAt,
  extra,
}: {
  author: Person;
  createdAt: string;
  extra?: string;
}) {
  return (
    <div className="tj-author">
      <Avatar person={author} />
      <div className="tj-author__text">
        <span className="tj-author__name">{author.name}</span>
        <span className="tj-author__meta">
          {/* The server's and the phone's "now" differ by the page's age. */}
          <time dateTime={createdAt} suppressHydrationWarning>
            {formatRelativeTime(createdAt)}
          </time>
          {extra ? ` · ${extra}` : ""}
        </span>
      </div>
    </div>
  );
}
