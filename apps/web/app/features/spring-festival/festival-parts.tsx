import type { FestivalContent } from "@tongjian/contracts/spring-festival";
import { formatYear } from "@tongjian/domain/year-format";
import { AppLink } from "../../shell/app-link.tsx";
import { CampaignNav } from "../campaigns/campaign-parts.tsx";

// 春节邀请's own parts (decision 43): the customs through history, the readings that make a
// friend valid, the reader's progress along the rewards, and the links between its pages.

export const SPRING_LINKS: [string, string][] = [
  ["/springfestival", "活动首页"],
  ["/springfestival/friendslist", "我的好友"],
  ["/springfestival/2023", "2023 回顾"],
];

export function SpringNav({ current }: { current: string }) {
  return <CampaignNav links={SPRING_LINKS} current={current} />;
}

/** "约150年", "618年起", "前104年". */
export function customYear(year: number, note: string | null): string {
  const y = formatYear(year);
  return note === "约" ? `约${y}` : note === "起" ? `${y}起` : y;
}

export function CustomsTimeline({ festival }: { festival: FestivalContent }) {
  return (
    <section className="tj-spring__customs" aria-labelledby="spring-customs">
      <h2 id="spring-customs" className="tj-section__title">
        春节两千年
      </h2>
      <p className="tj-spring__intro">{festival.intro}</p>
      <ol className="tj-spring__timeline" data-testid="spring-customs">
        {festival.customs.map((c) => (
          <li key={`${c.year}-${c.title}`}>
            <p className="tj-spring__year">{customYear(c.year, c.yearNote)}</p>
            <h3 className="tj-spring__custom-title">{c.title}</h3>
            <p className="tj-spring__custom-text">{c.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function FestivalReadings({
  festival,
  title = "读一篇，迎新年",
  lead,
}: {
  festival: FestivalContent;
  title?: string;
  lead?: string;
}) {
  if (festival.readings.length === 0) return null;
  return (
    <section aria-labelledby="spring-readings">
      <h2 id="spring-readings" className="tj-section__title">
        {title}
      </h2>
      {lead ? <p className="tj-campaign__meta">{lead}</p> : null}
      <ul className="tj-spring__readings" data-testid="spring-readings">
        {festival.readings.map((r) => (
          <li key={r.path}>
            <AppLink to={r.path}>
              <span className="tj-spring__reading-kind">
                {r.kind === "article" ? "文章" : "词条"}
              </span>
              <span className="tj-spring__reading-title">{r.title}</span>
              <span className="tj-spring__reading-summary">{r.summary}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The two counts of spec §3 and how far the next reward is. */
export function InviteProgress({
  friendsNum,
  validFriendsNum,
  next,
}: {
  friendsNum: number;
  validFriendsNum: number;
  next: { label: string; more: number } | null;
}) {
  return (
    <section className="tj-spring__progress" aria-label="我的邀请">
      <dl className="tj-spring__counts">
        <div>
          <dt>邀请好友</dt>
          <dd data-testid="spring-friends-num">{friendsNum}</dd>
        </div>
        <div>
          <dt>有效好友</dt>
          <dd data-testid="spring-valid-num">{validFriendsNum}</dd>
        </div>
      </dl>
      <p className="tj-spring__next" data-testid="spring-next">
        {next
          ? `再邀请 ${next.more} 位有效好友，可得「${next.label}」`
          : "全部奖励都已到手，感谢你把历史分享给朋友！"}
      </p>
    </section>
  );
}
