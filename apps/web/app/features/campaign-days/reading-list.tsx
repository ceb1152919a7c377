import type { ReadingListView, ReadResultView } from "@tongjian/contracts/campaign-days";
import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { ActionError, SignInPrompt, useApiAction } from "../../shell/api-action.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import {
  CampaignHeader,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../campaigns/campaign-parts.tsx";
import { DayProgress, DayRefCard } from "./day-parts.tsx";

/**
 * A reading list or check-in route of a campaign (decision 47): the items in order, each with
 * a link to read and a button to mark it done; progress and rewards come from the engine.
 */
export function ReadingListScreen({
  data,
  theme,
  before,
  after,
}: {
  data: ReadingListView;
  /** The page's accent (data-theme). */
  theme: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const action = useApiAction<ReadResultView>();
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { campaign } = data;
  useInviteCapture(campaign);
  const running = campaign.phase === "running";
  const mark = async (item: string, title: string) => {
    setPending(item);
    setMessage(null);
    const result = await action.run(() =>
      api.post<ReadResultView>(`/api/m/days/${campaign.key}/read`, { item }),
    );
    setPending(null);
    if (!result) return;
    const done = `已${data.verb}「${title}」，进度 ${result.progress.done} / ${result.progress.total}`;
    setMessage(result.granted.length > 0 ? `${done}。获得：${result.granted.join("、")}` : done);
    void revalidator.revalidate();
  };
  return (
    <main className="tj-campaign tj-day" data-theme={theme}>
      <CampaignHeader campaign={campaign} />
      {before}
      <section aria-labelledby="tj-day-list" className="tj-day__list-section">
        <h2 id="tj-day-list" className="tj-section__title">
          {data.title}
        </h2>
        <p className="tj-day__intro">{data.intro}</p>
        {data.notice ? (
          <p className="tj-day__notice" role="note" data-testid="day-notice">
            {data.notice}
          </p>
        ) : null}
        {campaign.me.signedIn ? (
          <DayProgress done={data.progress.done} total={data.progress.total} verb={data.verb} />
        ) : (
          <SignInPrompt what={`记录${data.verb}进度`} />
        )}
        {message ? (
          <p className="tj-day__message" role="status" data-testid="day-message">
            {message}
          </p>
        ) : null}
        <ActionError error={action.error} />
        {data.items.length === 0 ? (
          <p className="tj-empty">书单暂时是空的。</p>
        ) : (
          <ol className="tj-day__items" data-testid="day-items">
            {data.items.map((item, index) => (
              <li key={item.key} data-done={item.done} data-testid={`day-item-${item.key}`}>
                <span className="tj-day__step" aria-hidden="true">
                  {index + 1}
                </span>
                {item.target ? (
                  <DayRefCard target={item.target} note={item.note}>
                    {campaign.me.signedIn ? (
                      <button
                        type="button"
                        className={item.done ? "tj-button tj-button--ghost" : "tj-button"}
                        disabled={item.done || !running || pending !== null}
                        aria-busy={pending === item.key}
                        onClick={() => void mark(item.key, item.target?.title ?? item.key)}
                      >
                        {item.done
                          ? `已${data.verb}`
                          : pending === item.key
                            ? "正在记录…"
                            : `${data.verb}`}
                        <span className="tj-visually-hidden">：{item.target.title}</span>
                      </button>
                    ) : null}
                  </DayRefCard>
                ) : (
                  <p className="tj-day-card">{item.note}（内容暂缺）</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      {after}
      <CampaignRules campaign={campaign} />
      <ShareCampaign campaign={campaign} />
    </main>
  );
}
