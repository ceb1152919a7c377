import type { RewardView } from "@tongjian/contracts/challenges";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { ChallengeNav, LoginPrompt } from "../features/challenges/challenge-parts.tsx";
import { challengePath, kindOfPath } from "../features/challenges/challenge-paths.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/challenge-gift";
import "../features/challenges/challenges.css";

// /…/gift: the rewards the reader's rounds earned (once per period when a round reaches the
// challenge's threshold), 未领取 or 已领取. A claimed reissue card joins the reader's cards at
// once; VIP days are redeemed by the membership service.
export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = kindOfPath(new URL(request.url).pathname);
  const { challenges } = context.services;
  const rules = challenges.rules(kind);
  if (context.viewer.kind !== "user") return { kind, rules, rewards: null };
  return { kind, rules, rewards: await challenges.rewards(context.viewer, kind) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.rules.title ?? "挑战"}奖励 - ${PRODUCT_NAME}` }];
}

function RewardItem({ reward }: { reward: RewardView }) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const [current, setCurrent] = useState(reward);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      setCurrent(await api.post<RewardView>(`/api/learning/challenge-rewards/${reward.id}/claim`));
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };
  const claimed = current.status === "claimed";
  return (
    <li className="tj-challenge__gift" data-status={current.status}>
      <p className="tj-challenge__gift-name">{current.label}</p>
      <p className="tj-challenge__meta">
        {current.score} 分获得 · {current.periodKey}
        {current.item === "vip-days" ? " · 会员天数" : " · 补签卡"}
      </p>
      <p className="tj-challenge__state">
        {claimed
          ? `已领取${current.claimedAt ? `（${new Date(current.claimedAt).toLocaleDateString("zh-CN")}）` : ""}`
          : "未领取"}
      </p>
      {!claimed && (
        <button type="button" className="tj-button" disabled={busy} onClick={() => void claim()}>
          {busy ? "领取中…" : "领取"}
        </button>
      )}
      {error && (
        <p className="tj-challenge__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export default function ChallengeGiftRoute({ loaderData: d }: Route.ComponentProps) {
  const { kind, rules, rewards } = d;
  return (
    <main className="tj-challenge">
      <h1 className="tj-challenge__title">{rules.title} · 奖励</h1>
      <ChallengeNav kind={kind} current="gift" />
      <p className="tj-challenge__lead">
        单轮得到 {rules.rewardThreshold} 分及以上，可获得{rules.rewardLabel}，每
        {rules.rewardPeriod === "day" ? "天" : "周"}限一次。
        {rules.rewardItem === "reissue-card"
          ? "领取后补签卡立即放入你的卡包，可在补签页使用。"
          : "领取后由会员服务发放到账户。"}
      </p>
      {rewards === null ? (
        <LoginPrompt text="登录后查看和领取你的奖励。" />
      ) : rewards.length === 0 ? (
        <div className="tj-challenge__login">
          <p className="tj-empty">还没有获得奖励。</p>
          <AppLink className="tj-button" to={challengePath(kind)}>
            去挑战
          </AppLink>
        </div>
      ) : (
        <ul className="tj-challenge__gifts">
          {rewards.map((r) => (
            <RewardItem key={r.id} reward={r} />
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
