import type { RankingEntry } from "@tongjian/contracts/challenges";
import type { ChallengeKind } from "@tongjian/domain/challenges";
import { CHALLENGE_RULES } from "@tongjian/domain/challenges";
import { AppLink } from "../../shell/app-link.tsx";
import { useSignIn } from "../../shell/use-sign-in.ts";
import { type ChallengePage, challengePath, formatSeconds } from "./challenge-paths.ts";

const PAGES: [ChallengePage, string][] = [
  ["", "挑战首页"],
  ["ranking", "排行榜"],
  ["result", "我的成绩"],
  ["gift", "奖励"],
];

/** The pages of one challenge, as a row of links; the current one is marked. */
export function ChallengeNav({ kind, current }: { kind: ChallengeKind; current: ChallengePage }) {
  return (
    <nav aria-label={`${CHALLENGE_RULES[kind].title}导航`}>
      <ul className="tj-challenge__nav">
        {PAGES.map(([page, label]) => (
          <li key={page}>
            <AppLink
              to={challengePath(kind, page)}
              aria-current={page === current ? "page" : undefined}
            >
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 未登录: what a visitor is told, with the login button. */
export function LoginPrompt({ text }: { text: string }) {
  const signIn = useSignIn();
  return (
    <div className="tj-challenge__login" data-testid="challenge-login">
      <p>{text}</p>
      <button type="button" className="tj-button" onClick={() => void signIn()}>
        登录
      </button>
    </div>
  );
}

function Avatar({ name, src }: { name: string; src: string | null }) {
  return src ? (
    <img className="tj-challenge__avatar" src={src} alt="" loading="lazy" />
  ) : (
    <span className="tj-challenge__avatar" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

export interface RankRow {
  rank: number;
  userId: string;
  name: string;
  avatar: string | null;
  value: string;
}

export function RankList({
  rows,
  me,
  label,
  empty,
}: {
  rows: RankRow[];
  me: RankRow | null;
  label: string;
  empty: string;
}) {
  return (
    <>
      {rows.length === 0 ? (
        <p className="tj-empty">{empty}</p>
      ) : (
        <ol className="tj-challenge__ranks" aria-label={label}>
          {rows.map((r) => (
            <li
              key={r.userId}
              className="tj-challenge__rank"
              data-me={me?.userId === r.userId ? "true" : undefined}
            >
              <span className="tj-challenge__place">{r.rank}</span>
              <Avatar name={r.name} src={r.avatar} />
              <span className="tj-challenge__name">{r.name}</span>
              <span className="tj-challenge__value">{r.value}</span>
            </li>
          ))}
        </ol>
      )}
      {me && (
        <p className="tj-challenge__me" data-testid="my-rank">
          我的名次：第 {me.rank} 名 · {me.value}
        </p>
      )}
    </>
  );
}

export const challengeRow = (e: RankingEntry): RankRow => ({
  rank: e.rank,
  userId: e.userId,
  name: e.name,
  avatar: e.avatar,
  value: `${e.score} 分 · ${formatSeconds(e.seconds)}`,
});
