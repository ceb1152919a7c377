import type { ReportAxis, TestReport } from "@tongjian/contracts/depth-test";
import { optionLetter } from "@tongjian/domain/learning";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { RadarView } from "./radar-view.tsx";

/** Below this many answers no strength or gap can be told: the report says so instead. */
const FEW_ANSWERS = 6;

const minutes = (seconds: number) =>
  seconds < 60 ? `${seconds} 秒` : `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;

function AxisTable({ caption, axes }: { caption: string; axes: ReportAxis[] }) {
  return (
    <table className="tj-report__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{caption.replace("掌握度", "")}</th>
          <th scope="col">答对 / 作答</th>
          <th scope="col">掌握度</th>
        </tr>
      </thead>
      <tbody>
        {axes.map((a) => (
          <tr key={a.key}>
            <th scope="row">{a.label}</th>
            <td>
              {a.correct} / {a.answered}
            </td>
            <td>{a.mastery}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Saving or sharing the server-drawn card: the system share sheet with the PNG where it can. */
function ShareCard({ report }: { report: TestReport }) {
  const [note, setNote] = useState<string | null>(null);
  const openLink = `/testopen?grade=${report.grade}&tag=${report.tag}`;
  const share = async () => {
    setNote(null);
    try {
      const blob = await (await fetch(report.cardUrl)).blob();
      const file = new File([blob], "tongjian-test.png", { type: "image/png" });
      const data = {
        files: [file],
        title: `${report.gradeLabel}${report.tagLabel}`,
        text: `我在通鉴${report.tagLabel}得了 ${report.score} 分（${report.level}），来测测你的吧`,
      };
      if (navigator.canShare?.(data)) {
        await navigator.share(data);
        return;
      }
      const url = new URL(openLink, window.location.href).toString();
      await navigator.clipboard.writeText(`${data.text}：${url}`);
      setNote("测评链接已复制，可以粘贴给朋友；也可以长按或保存上面的图片分享。");
    } catch (error) {
      if ((error as { name?: string }).name === "AbortError") return;
      setNote("没能打开分享，请长按或保存上面的图片分享。");
    }
  };
  return (
    <section className="tj-section" aria-labelledby="tj-report-share">
      <h2 className="tj-section__title" id="tj-report-share">
        分享卡片
      </h2>
      <img
        className="tj-report__card"
        src={report.cardUrl}
        alt={`测评卡片：${report.gradeLabel}${report.tagLabel} ${report.score} 分，${report.level}`}
        width={750}
        height={1000}
        loading="lazy"
      />
      <div className="tj-report__actions">
        <a className="tj-button" href={report.cardUrl} download="tongjian-test.png">
          保存图片
        </a>
        <button type="button" className="tj-button tj-button--ghost" onClick={() => void share()}>
          分享
        </button>
      </div>
      {note && (
        <p className="tj-report__note" role="status">
          {note}
        </p>
      )}
    </section>
  );
}

/** A finished test's report: score, level, percentile, the radar, what to study next. */
export function ReportView({ report }: { report: TestReport }) {
  const beat =
    report.percentile === null
      ? `你是第一位完成${report.gradeLabel}${report.tagLabel}的读者`
      : `超过了 ${report.percentile}% 的${report.gradeLabel}读者（共 ${report.compared} 位可比）`;
  return (
    <div className="tj-report">
      <section className="tj-report__head" aria-label="得分与水平">
        <p className="tj-report__kind">
          {report.gradeLabel} · {report.tagLabel}
          {report.timedOut ? " · 已到时限" : ""}
        </p>
        <p className="tj-report__score">
          <strong>{report.score}</strong> 分
        </p>
        <p className="tj-report__level">水平：{report.level}</p>
        <p className="tj-report__meta">{beat}</p>
        <p className="tj-report__meta">
          答对 {report.correct} / {report.answered} 题 · 用时 {minutes(report.seconds)} ·{" "}
          {new Date(report.finishedAt).toLocaleString("zh-CN")}
        </p>
      </section>

      <section className="tj-section" aria-labelledby="tj-report-axes">
        <h2 className="tj-section__title" id="tj-report-axes">
          强项与薄弱
        </h2>
        <RadarView eras={report.eras} themes={report.themes} />
        {report.answered < FEW_ANSWERS ? (
          <p className="tj-report__meta">
            这次只答了 {report.answered} 题，强项与薄弱要多答几题才看得出来。
          </p>
        ) : (
          <>
            <p className="tj-report__meta">
              擅长：{report.strengths.length > 0 ? report.strengths.join("、") : "各方面较为均衡"}
            </p>
            <p className="tj-report__meta">
              待加强：{report.gaps.length > 0 ? report.gaps.join("、") : "暂无明显短板"}
            </p>
          </>
        )}
        <AxisTable caption="时代掌握度" axes={report.eras} />
        <AxisTable caption="主题掌握度" axes={report.themes} />
      </section>

      <section className="tj-section" aria-labelledby="tj-report-next">
        <h2 className="tj-section__title" id="tj-report-next">
          接下来学
        </h2>
        {report.studyNext.length === 0 ? (
          <p className="tj-empty">这个年级的知识点都学得不错，试试更高的年级吧。</p>
        ) : (
          <ul className="tj-report__next">
            {report.studyNext.map((p) => (
              <li key={p.id}>
                <AppLink to={`/knowledgepoint/details/${p.id}`}>{p.title}</AppLink>
                <span className="tj-report__meta">
                  {p.eraLabel} · {p.themeLabel} · {p.reason}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ShareCard report={report} />

      <section className="tj-section" aria-labelledby="tj-report-review">
        <h2 className="tj-section__title" id="tj-report-review">
          逐题回顾
        </h2>
        <ol className="tj-report__review">
          {report.questions.map((q) => (
            <li key={q.id} data-question-id={q.id} data-correct={q.correct ? "true" : "false"}>
              <details>
                <summary>
                  {q.correct ? "✓ 答对" : "✗ 答错"} · {q.stem}
                </summary>
                <p>
                  你的答案：{q.chosen.map(optionLetter).join("、") || "—"} · 正确答案：
                  {q.answer.map(optionLetter).join("、")}
                </p>
                <p>{q.explanation}</p>
                {q.pointTitle && <p className="tj-report__meta">知识点：{q.pointTitle}</p>}
              </details>
            </li>
          ))}
        </ol>
      </section>

      <div className="tj-report__actions">
        <AppLink className="tj-button" to={`/testopen?grade=${report.grade}&tag=${report.tag}`}>
          再测一次
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/learnrecord/assesslist">
          我的测评
        </AppLink>
      </div>
    </div>
  );
}
