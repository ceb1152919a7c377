import type { BindInfo } from "@tongjian/contracts/study-records";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  BIND_CODE_HOURS,
  BIND_GUARDIANS_MAX,
  BIND_LEARNERS_MAX,
} from "@tongjian/domain/study-records";
import { useState } from "react";
import {
  ActionMessages,
  accuracyText,
  minutesText,
  SignInState,
  Stat,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/bindstudy";
import "../features/study-records/study-records.css";

// 绑定学习 (/bindstudy): a parent or teacher makes a code; a learner enters it to bind; the
// parent or teacher then sees the learner's records here, read-only (?learner=…); either unbinds.
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  const { studyRecords } = context.services;
  const learner = url.searchParams.get("learner");
  return {
    signedIn: true as const,
    info: await studyRecords.bindInfo(viewer),
    learner:
      learner && /^[0-9a-f]{24}$/.test(learner)
        ? {
            id: learner,
            ...(await orNotFound(
              studyRecords.learnerSummary(viewer, learner),
              "没有绑定这个学习账号",
            )),
          }
        : null,
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `绑定学习 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const RELATION = { parent: "家长", teacher: "老师" } as const;

export default function BindStudyRoute({ loaderData: d }: Route.ComponentProps) {
  const { api, busy, error, notice, run } = useAction();
  const [code, setCode] = useState("");
  const [relation, setRelation] = useState<"parent" | "teacher">("parent");
  if (!d.signedIn)
    return (
      <StudyPage title="绑定学习">
        <SignInState
          title="登录后绑定学习账号"
          lead="家长或老师生成绑定码，孩子或学生输入后即可查看他们的学习记录。"
        />
      </StudyPage>
    );
  const { info, learner } = d;
  const makeCode = () =>
    run(
      () => api.post<BindInfo>("/api/bindstudy/y/code", { relation }),
      () => "已生成新的绑定码",
    );
  const bind = () =>
    run(
      () => api.post<BindInfo>("/api/bindstudy/y/bind", { code }),
      () => "绑定成功",
    );
  const unbind = (id: string) =>
    run(
      () => api.post<BindInfo>(`/api/bindstudy/y/${id}/remove`),
      () => "已解除绑定",
    );
  if (learner) {
    const o = learner.overview;
    return (
      <StudyPage title={`${learner.name}的学习`}>
        <p className="tj-study__meta">只读 · 绑定的学习账号</p>
        <section className="tj-study__card" aria-labelledby="tj-learner-today">
          <h2 id="tj-learner-today">今天 · {o.today}</h2>
          <dl className="tj-study__stats">
            <Stat label="学习时长" value={minutesText(o.todaySums.seconds)} />
            <Stat label="答题" value={`${o.todaySums.answered} 题`} />
            <Stat label="正确率" value={accuracyText(o.todaySums.answered, o.todaySums.correct)} />
            <Stat label="今日打卡" value={o.checkedToday ? "已打卡" : "未打卡"} />
          </dl>
        </section>
        <section className="tj-study__card" aria-labelledby="tj-learner-week">
          <h2 id="tj-learner-week">本周与累计</h2>
          <dl className="tj-study__stats">
            <Stat label="本周时长" value={minutesText(o.weekSums.seconds)} />
            <Stat label="本周答题" value={`${o.weekSums.answered} 题`} />
            <Stat label="连续学习" value={`${o.streaks.current} 天`} />
            <Stat label="累计学习" value={`${o.totals.days} 天`} />
          </dl>
        </section>
        <section className="tj-study__card" aria-labelledby="tj-learner-recent">
          <h2 id="tj-learner-recent">最近 7 天</h2>
          <ul className="tj-study__list">
            {o.recentDays.map((day) => (
              <li key={day.day} className="tj-study__row">
                <span>{day.day}</span>
                <span>
                  {minutesText(day.seconds)} · {day.answered} 题
                </span>
              </li>
            ))}
          </ul>
        </section>
        <AppLink className="tj-button tj-button--ghost" to="/bindstudy">
          返回
        </AppLink>
      </StudyPage>
    );
  }
  return (
    <StudyPage
      title="绑定学习"
      lead={`家长或老师生成绑定码（${BIND_CODE_HOURS} 小时内有效），孩子或学生在这里输入，绑定后可查看对方的学习记录（只读）。`}
    >
      <ActionMessages error={error} notice={notice} />
      <section className="tj-study__card" aria-labelledby="tj-bind-learners">
        <h2 id="tj-bind-learners">我绑定的学习账号</h2>
        {info.learners.length === 0 ? (
          <p className="tj-empty">还没有绑定学习账号</p>
        ) : (
          <ul className="tj-study__list">
            {info.learners.map((p) => (
              <li key={p.bindingId} className="tj-study__row">
                <AppLink to={`/bindstudy?learner=${p.userId}`}>{p.name}的学习记录</AppLink>
                <button
                  type="button"
                  className="tj-link-button"
                  disabled={busy}
                  onClick={() => void unbind(p.bindingId)}
                >
                  解除绑定
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="tj-study__form">
          <div className="tj-study__choices" role="radiogroup" aria-label="我的身份">
            {(["parent", "teacher"] as const).map((r) => (
              <label key={r} className="tj-study__choice">
                <input
                  type="radio"
                  name="relation"
                  checked={relation === r}
                  onChange={() => setRelation(r)}
                />
                我是{RELATION[r]}
              </label>
            ))}
          </div>
          {info.code && (
            <p>
              绑定码 <span className="tj-study__code">{info.code.code}</span>
              <br />
              <span className="tj-study__meta">
                {RELATION[info.code.relation]} · 有效期至{" "}
                {new Date(info.code.expiresAt).toLocaleString("zh-CN", {
                  timeZone: "Asia/Shanghai",
                })}
              </span>
            </p>
          )}
          <button
            type="button"
            className="tj-button"
            disabled={busy}
            onClick={() => void makeCode()}
          >
            {info.code ? "重新生成绑定码" : "生成绑定码"}
          </button>
          <p className="tj-study__meta">最多绑定 {BIND_LEARNERS_MAX} 个学习账号。</p>
        </div>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-bind-guardians">
        <h2 id="tj-bind-guardians">绑定我的家长或老师</h2>
        {info.guardians.length === 0 ? (
          <p className="tj-empty">还没有人绑定你</p>
        ) : (
          <ul className="tj-study__list">
            {info.guardians.map((p) => (
              <li key={p.bindingId} className="tj-study__row">
                <span>
                  {p.name}（{RELATION[p.relation]}）
                </span>
                <button
                  type="button"
                  className="tj-link-button"
                  disabled={busy}
                  onClick={() => void unbind(p.bindingId)}
                >
                  解除绑定
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="tj-study__form"
          onSubmit={(e) => {
            e.preventDefault();
            void bind();
          }}
        >
          <label htmlFor="tj-bind-code">输入家长或老师给你的绑定码</label>
          <input
            id="tj-bind-code"
            type="text"
            inputMode="text"
            autoCapitalize="characters"
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="tj-button" disabled={busy || code.trim().length === 0}>
            绑定
          </button>
          <p className="tj-study__meta">一个学习账号最多绑定 {BIND_GUARDIANS_MAX} 位家长或老师。</p>
        </form>
      </section>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
