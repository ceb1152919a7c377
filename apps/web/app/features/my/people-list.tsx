import type { ReaderCard } from "@tongjian/contracts/my";
import { AppLink } from "../../shell/app-link.tsx";
import { FollowButton } from "./follow-button.tsx";
import { ReaderAvatar } from "./reader-avatar.tsx";

/** Whose profile a reader opens: their own /my, or anyone else's /my?userId=. */
export const profileHref = (userId: string) => `/my?userId=${userId}`;

/**
 * Readers in a follow list: each opens their profile; a signed-in reader can follow or unfollow
 * from the list (`me` is the caller's account id, null without one).
 */
export function PeopleList({
  people,
  me,
  testId,
}: {
  people: readonly ReaderCard[];
  me: string | null;
  testId?: string;
}) {
  return (
    <ul className="tj-my-people" data-testid={testId}>
      {people.map((p) => (
        <li key={p.userId} className="tj-my-people__item">
          <AppLink
            to={p.userId === me ? "/my" : profileHref(p.userId)}
            className="tj-my-people__link"
          >
            <ReaderAvatar name={p.name} avatar={p.avatar} />
            <span className="tj-my-people__name">{p.name}</span>
          </AppLink>
          {me && p.userId !== me && (
            <FollowButton userId={p.userId} name={p.name} following={p.following} size="small" />
          )}
        </li>
      ))}
    </ul>
  );
}
