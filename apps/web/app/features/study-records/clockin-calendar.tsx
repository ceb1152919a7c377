import type { ClockinMonth } from "@tongjian/contracts/study-records";
import { weekdayOf } from "@tongjian/domain/study-records";
import { AppLink } from "../../shell/app-link.tsx";

const MARK_TEXT = {
  checked: "已打卡",
  reissued: "已补签",
  missed: "漏打",
  today: "今天",
  future: "",
} as const;

/** A month of check-ins, from Monday, each day marked; links to the months before and after. */
export function ClockinCalendar({ month, path }: { month: ClockinMonth; path: string }) {
  const [y, m] = month.month.split("-");
  const first = month.marks[0];
  const pad = first ? weekdayOf(first.day) - 1 : 0;
  return (
    <section className="tj-study__card" aria-labelledby="tj-calendar-title">
      <div className="tj-study__month">
        <AppLink to={`${path}?month=${month.prevMonth}`} aria-label="上个月">
          ‹ 上月
        </AppLink>
        <h2 id="tj-calendar-title">
          {y} 年 {Number(m)} 月
        </h2>
        {month.nextMonth ? (
          <AppLink to={`${path}?month=${month.nextMonth}`} aria-label="下个月">
            下月 ›
          </AppLink>
        ) : (
          <span />
        )}
      </div>
      <ul className="tj-study__calendar" aria-label="打卡日历">
        {["一", "二", "三", "四", "五", "六", "日"].map((w) => (
          <li key={w} className="tj-study__weekday" aria-hidden="true">
            {w}
          </li>
        ))}
        {Array.from({ length: pad }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the 1st
          <li key={`pad-${i}`} aria-hidden="true" />
        ))}
        {month.marks.map(({ day, mark }) => (
          <li
            key={day}
            className={`tj-study__day tj-study__day--${mark}`}
            data-day={day}
            data-mark={mark}
            aria-label={`${Number(day.slice(8))} 日${MARK_TEXT[mark] ? `，${MARK_TEXT[mark]}` : ""}`}
          >
            <span aria-hidden="true">{Number(day.slice(8))}</span>
            {mark !== "future" && mark !== "today" && (
              <small aria-hidden="true">
                {mark === "checked" ? "✓" : mark === "reissued" ? "补" : "·"}
              </small>
            )}
          </li>
        ))}
      </ul>
      <ul className="tj-study__legend-list">
        <li>✓ 已打卡</li>
        <li>补 已补签</li>
        <li>· 漏打</li>
      </ul>
    </section>
  );
}
