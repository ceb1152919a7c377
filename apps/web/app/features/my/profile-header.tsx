import type { ReaderProfile } from "@tongjian/contracts/my";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { ReaderAvatar } from "./reader-avatar.tsx";

/** The people lists of a reader: /my/list for oneself, with `userId` for anyone else. */
export function peopleHref(tab: "following" | "followers", userId: string | null): string {
  return `/my/list?tab=${tab}${userId ? `&userId=${userId}` : ""}`;
}

/** A reader at the top of /my or of their public profile: avatar, name, follow counts. */
export function ProfileHeader({
  profile,
  subtitle,
  listsOf,
  extraCounts = [],
  children,
}: {
  profile: Pick<ReaderProfile, "name" | "avatar" | "followerNum" | "followingNum">;
  subtitle: string;
  /** Whose follow lists the counts open: null for the signed-in reader's own. */
  listsOf: string | null;
  extraCounts?: readonly { label: string; value: number; href: string }[];
  children?: ReactNode;
}) {
  const counts = [
    { label: "关注", value: profile.followingNum, href: peopleHref("following", listsOf) },
    { label: "粉丝", value: profile.followerNum, href: peopleHref("followers", listsOf) },
    ...extraCounts,
  ];
  return (
    <section className="tj-my-profile" aria-labelledby="tj-my-name">
      <div className="tj-my-profile__who">
        <ReaderAvatar name={profile.name} avatar={profile.avatar} size="large" />
        <div className="tj-my-profile__text">
          <h1 className="tj-my-profile__name" id="tj-my-name" data-testid="my-name">
            {profile.name}
          </h1>
          <p className="tj-my-profile__subtitle">{subtitle}</p>
        </div>
      </div>
      <ul className="tj-my-counts">
        {counts.map((c) => (
          <li key={c.label}>
            <AppLink to={c.href} className="tj-my-counts__link" data-testid={`count-${c.label}`}>
              <strong>{c.value}</strong>
              <span>{c.label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
