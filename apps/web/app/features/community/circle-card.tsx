import type { Circle } from "@tongjian/contracts/community";
import { circlePath } from "@tongjian/domain/community-rules";
import { AppLink } from "../../shell/app-link.tsx";
import { JoinButton } from "./join-button.tsx";

/** A circle in a list: its name and intro link to its page; members, posts and 加入. */
export function CircleCard({ circle }: { circle: Circle }) {
  return (
    <li className="tj-circle-card">
      <AppLink className="tj-circle-card__link" to={circlePath(circle.id)}>
        <span className="tj-circle-card__badge" aria-hidden="true">
          {[...circle.name][0]}
        </span>
        <span className="tj-circle-card__text">
          <strong>{circle.name}</strong>
          <span className="tj-circle-card__intro">{circle.intro}</span>
          <span className="tj-circle-card__meta">
            成员 {circle.memberCount} · 帖子 {circle.postCount}
          </span>
        </span>
      </AppLink>
      <JoinButton circleId={circle.id} circleName={circle.name} joined={circle.joined} />
    </li>
  );
}
