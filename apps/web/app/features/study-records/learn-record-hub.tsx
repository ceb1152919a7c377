import type { StudyOverview, StudyStatistics } from "@tongjian/contracts/study-records";
import { AppLink } from "../../shell/app-link.tsx";
import { accuracyText, minutesText, SignInState, Stat, StudyPage } from "./parts.tsx";

/**
 * The learning-record hub (/learnrecord) and its states: a visitor (`noauth`, also at
 * /learnrecord/noauth), a reader with no records yet (`empty`, /learnrecord/empty), a record
 * that does not exist (`null`, /learnrecord/null), and the summary with its record lists.
 */
export type HubState =
  | { state: "noauth"; visitor: boolean }
  | { state: "empty" }
  | { state: "null" }
  | { state: "ok"; overview: StudyOverview; stats: StudyStatistics };

const kindSum = (stats: StudyStatistics, kinds: string[]) =>
  stats.byKind.filter((k) => kinds.includes(k.key)).reduce((n, k) => n + k.stretches, 0);

function Links({ stats }: { stats?: StudyStatistics }) {
  const count = (kinds: string[]) => (stats ? `${kindSum(stats, kinds)} 次` : "");
  const rows: [string, string, string][] = [
    ["/learnrecord/assesslist", "测评记录", count(["depthtest", "aitest"])],
    ["/learnrecord/practicelist", "练习记录", count(["practice", "review"])],
    ["/learnrecord/ladderlist", "天梯记录", count(["ladder"])],
    ["/learnrecord/questionlist", "错题本", ""],
  ];
  return (
    <section className="tj-study__card" aria-labelledby="tj-hub-lists">
      <h2 id="tj-hub-lists">我的记录</h2>
      <ul className="tj-study__list">
        {rows.map(([to, label, n]) => (
          <li key={to} className="tj-study__row">
            <AppLink to={to}>{label}</AppLink>
            <span>{n} ›</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function More() {
  return (
    <div className="tj-study__actions">
      <AppLink className="tj-button tj-button--ghost" to="/studyrecord">
        学习统计
      </AppLink>
      <AppLink className="tj-button tj-button--ghost" to="/clockin">
        每日打卡
      </AppLink>
      <AppLink className="tj-button tj-button--ghost" to="/studyplan">
        学习计划
      </AppLink>
      <AppLink className="tj-button tj-button--ghost" to="/bindstudy">
        绑定学习
      </AppLink>
    </div>
  );
}

export function LearnRecordHub({ hub }: { hub: HubState }) {
  if (hub.state === "noauth")
    return (
      <StudyPage title="学习记录">
        <SignInState
          title="登录后查看你的学习记录"
          lead="测评、练习、天梯和错题都保存在账号里，换手机也不会丢。"
        />
        {hub.visitor && (
          <p className="tj-study__meta">
            你已通过微信登录，<AppLink to="/learnrecord/phone">绑定手机号</AppLink>
            即可保存学习记录。
          </p>
        )}
        <p className="tj-study__meta">
          先看看：<AppLink to="/laddersample">试学天梯</AppLink>
        </p>
      </StudyPage>
    );
  if (hub.state === "null")
    return (
      <StudyPage title="学习记录">
        <section className="tj-study__state" aria-labelledby="tj-hub-null">
          <h2 id="tj-hub-null" className="tj-study__state-title">
            这条记录不存在
          </h2>
          <p className="tj-study__lead">记录可能已被删除，或链接有误。</p>
          <AppLink className="tj-button" to="/learnrecord">
            查看我的学习记录
          </AppLink>
        </section>
      </StudyPage>
    );
  if (hub.state === "empty")
    return (
      <StudyPage title="学习记录">
        <section className="tj-study__state" aria-labelledby="tj-hub-empty">
          <h2 id="tj-hub-empty" className="tj-study__state-title">
            还没有学习记录，去天梯看看
          </h2>
          <p className="tj-study__lead">做一次测评、学一关天梯或练几道题，记录就会出现在这里。</p>
          <div className="tj-study__actions">
            <AppLink className="tj-button" to="/ladder/list">
              去天梯
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to="/depthtest">
              深度测评
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to="/studyrecord/mock">
              模拟测试
            </AppLink>
          </div>
        </section>
        <Links />
        <More />
      </StudyPage>
    );
  const o = hub.overview;
  return (
    <StudyPage title="学习记录">
      <section className="tj-study__card" aria-labelledby="tj-hub-summary">
        <h2 id="tj-hub-summary">学习概况</h2>
        <dl className="tj-study__stats">
          <Stat label="学习天数" value={`${o.totals.days} 天`} />
          <Stat label="连续学习" value={`${o.streaks.current} 天`} />
          <Stat label="累计时长" value={minutesText(o.totals.seconds)} />
          <Stat label="正确率" value={accuracyText(o.totals.answered, o.totals.correct)} />
        </dl>
        <p className="tj-study__meta">
          今天学习 {minutesText(o.todaySums.seconds)}，答题 {o.todaySums.answered} 道 ·{" "}
          <AppLink to="/studyrecord/charts">看图表</AppLink>
        </p>
      </section>
      <Links stats={hub.stats} />
      <More />
    </StudyPage>
  );
}

/** The hub's state for a viewer, read from the services (page loaders). */
export async function hubStateOf(
  viewer: { kind: string },
  load: () => Promise<{ overview: StudyOverview; stats: StudyStatistics }>,
): Promise<HubState> {
  if (viewer.kind !== "user") return { state: "noauth", visitor: viewer.kind === "visitor" };
  const { overview, stats } = await load();
  if (overview.totals.stretches === 0) return { state: "empty" };
  return { state: "ok", overview, stats };
}
