import type { Post } from "@tongjian/contracts/community";
import { topicPath } from "@tongjian/domain/community-rules";
import { AppLink } from "../../shell/app-link.tsx";

/**
 * A post's or comment's body as elements (never as markup): text, its `#话题#` topics as links
 * to the topic's posts, and the links the author wrote (others' sites open apart, marked as
 * user content).
 */
export function PostBody({ body, className }: { body: Post["body"]; className?: string }) {
  return (
    <div className={className ?? "tj-post-body"}>
      {body.map((segment, i) => {
        const key = `${i}-${segment.kind}`;
        if (segment.kind === "text") return <span key={key}>{segment.text}</span>;
        if (segment.kind === "topic")
          return (
            <AppLink key={key} className="tj-topic-link" to={topicPath(segment.topic)}>
              {segment.raw}
            </AppLink>
          );
        return segment.href.startsWith("/") && !segment.href.startsWith("//") ? (
          <AppLink key={key} to={segment.href}>
            {segment.text}
          </AppLink>
        ) : (
          <a key={key} href={segment.href} target="_blank" rel="nofollow ugc noopener noreferrer">
            {segment.text}
          </a>
        );
      })}
    </div>
  );
}
