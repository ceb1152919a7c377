import type { DonateBookData } from "@tongjian/contracts/books";
import { useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { failureMessage, useSignIn } from "../../shell/use-sign-in.ts";
import { GoalBar } from "./book-parts.tsx";

type Pledge = { kind: "book"; book: string } | { kind: "time"; minutes: number };

/** Sends a pledge; the activity's new totals come back. */
export function usePledge(initial: DonateBookData) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const pledge = async (p: Pledge, label: string) => {
    if (!data.signedIn) {
      await signIn();
      return;
    }
    setBusy(p.kind === "book" ? p.book : "time");
    setMessage(null);
    try {
      setData(await api.post<DonateBookData>("/api/donatebooks/y/pledge", p));
      setMessage({ ok: true, text: `认捐成功：${label}，谢谢你！` });
    } catch (error) {
      const text = failureMessage(error, signIn);
      if (text) setMessage({ ok: false, text });
    } finally {
      setBusy(null);
    }
  };
  return { data, busy, message, pledge };
}

export function PledgeMessage({ message }: { message: { ok: boolean; text: string } | null }) {
  if (!message) return null;
  return message.ok ? (
    <p className="tj-form__ok" role="status">
      {message.text}
    </p>
  ) : (
    <p className="tj-form__error" role="alert">
      {message.text}
    </p>
  );
}

/** The activity's progress toward its goals, and the reader's own part. */
export function DonationProgress({ data }: { data: DonateBookData }) {
  const a = data.activityInfo;
  return (
    <section className="tj-card-box" aria-labelledby="tj-donate-progress">
      <h2 id="tj-donate-progress">活动进度</h2>
      <GoalBar label="认捐图书" value={a.pledgedBooks} goal={a.goalBooks} unit="本" />
      <GoalBar label="认领读书时长" value={a.pledgedMinutes} goal={a.goalMinutes} unit="分钟" />
      <p className="tj-books__meta">已有 {a.readers} 位读者参与</p>
      {data.mine ? (
        <p data-testid="donate-mine">
          我的认捐：图书 {data.mine.books} 本
          {data.mine.titles.length ? `（${data.mine.titles.map((t) => `《${t}》`).join("")}）` : ""}
          ，读书时长 {data.mine.minutes} 分钟
        </p>
      ) : (
        <p className="tj-books__meta">登录后可认捐，并看到自己的贡献。</p>
      )}
    </section>
  );
}
