import type { LevelCard, LevelProgress } from "@tongjian/contracts/ladder";
import { LADDER_KIND_PATH, LADDER_PRODUCT_PATH } from "@tongjian/domain/ladder";
import { AppLink } from "../../shell/app-link.tsx";
import { useSignIn } from "../../shell/use-sign-in.ts";

/** The page of a level: under its kind's ladder page. */
export const levelPath = (level: Pick<LevelCard, "id" | "ladderKind">) =>
  `${LADDER_KIND_PATH[level.ladderKind]}/${level.id}`;

export function Stars({ stars }: { stars: number }) {
  return (
    <span className="tj-ladder__stars" role="img" aria-label={`${stars} 星`}>
      {[1, 2, 3].map((n) => (
        <span key={n} aria-hidden="true" data-on={n <= stars || undefined}>
          {n <= stars ? "★" : "☆"}
        </span>
      ))}
    </span>
  );
}

export function statusOf(level: LevelCard): string {
  if (!level.access) return "需开通";
  if (!level.unlocked) return "未解锁";
  if (level.progress?.passed) return "已过关";
  if (level.progress) return "未过关";
  return level.sample ? "可试学" : "可挑战";
}

function ProgressLine({ progress }: { progress: LevelProgress | null }) {
  if (!progress) return <span className="tj-ladder__meta">还没有练习</span>;
  return (
    <span className="tj-ladder__meta">
      最好 {progress.bestCorrect}/{progress.bestTotal} · {progress.points} 积分
    </span>
  );
}

/** A ladder's levels as a path to climb, the first at the top. */
export function LadderPath({ levels, young }: { levels: LevelCard[]; young?: boolean }) {
  if (levels.length === 0) return <p className="tj-empty">这条天梯还没有关卡</p>;
  return (
    <ol className={`tj-ladder__path${young ? " tj-ladder__path--young" : ""}`} aria-label="关卡">
      {levels.map((level) => {
        const status = statusOf(level);
        return (
          <li
            key={level.id}
            className="tj-ladder__step"
            data-status={status}
            data-testid="ladder-level"
          >
            <span className="tj-ladder__node" aria-hidden="true">
              {level.progress?.passed ? "✓" : level.position + 1}
            </span>
            <AppLink className="tj-ladder__card" to={levelPath(level)}>
              <span className="tj-ladder__name">
                第 {level.position + 1} 关 · {level.title}
              </span>
              <span className="tj-ladder__row">
                <Stars stars={level.progress?.stars ?? 0} />
                <span className="tj-ladder__badge">{status}</span>
                {level.sample && <span className="tj-ladder__badge">试学</span>}
              </span>
              <ProgressLine progress={level.progress} />
            </AppLink>
          </li>
        );
      })}
    </ol>
  );
}

/** What a gated level says: what it holds is visible; practising it needs the product. */
export function GateNotice() {
  return (
    <div className="tj-ladder__notice" role="note" data-testid="ladder-gate">
      <p>本关属于天梯课程，开通后即可练习并记录星级与积分；试学关卡可免费体验。</p>
      <AppLink className="tj-button" to={LADDER_PRODUCT_PATH}>
        开通天梯课程
      </AppLink>
    </div>
  );
}

/** The records' state for a reader who is not signed in: what they would see, and a way in. */
export function SignInState({ what }: { what: string }) {
  const signIn = useSignIn();
  return (
    <div className="tj-ladder__notice" data-testid="signed-out">
      <p>未登录。{what}</p>
      <button type="button" className="tj-button" onClick={() => void signIn()}>
        登录
      </button>
      <p className="tj-ladder__meta">
        没有账号也可以先 <AppLink to="/laddersample">试学天梯</AppLink>，成绩保存在这台设备上，
        登录后合并到账号。
      </p>
    </div>
  );
}

export function LearnRecordNav({ current }: { current: string }) {
  const items = [
    ["/learnrecord/practicelist", "错题复习"],
    ["/learnrecord/questionlist", "错题本"],
    ["/learnrecord/ladderlist", "天梯记录"],
    ["/wenshiladder/pointslist", "积分"],
  ] as const;
  return (
    <nav aria-label="学习记录">
      <ul className="tj-ladder__tabs">
        {items.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to} aria-current={to === current ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString("zh-CN", {
    timeZone: "Asia/Shanghai",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
