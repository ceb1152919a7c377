import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { DonationProgress, PledgeMessage, usePledge } from "../features/books/pledge.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/donatebooks";
import "../features/books/books.css";

const MINUTE_CHOICES = [30, 60, 120];

// 捐书活动 (/donatebooks; spec §3 donateBookData: booklist, activityInfo): books wanted by the
// partner school libraries (samples), pledges of a book or of reading time, the activity's
// progress and the reader's own.
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    donation: await context.services.books.donation(context.viewer),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `捐书活动 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/donatebooks",
    title: d.donation.activityInfo.title,
    description: d.donation.activityInfo.intro,
    type: "website",
  });
}

export default function DonateBooksRoute({ loaderData: d }: Route.ComponentProps) {
  const { data, busy, message, pledge } = usePledge(d.donation);
  const [minutes, setMinutes] = useState(MINUTE_CHOICES[0] ?? 30);
  const a = data.activityInfo;
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">{a.title}</h1>
      <p className="tj-books__lead">{a.intro}</p>
      <DonationProgress data={data} />
      <section className="tj-card-box" aria-labelledby="tj-donate-time">
        <h2 id="tj-donate-time">认领读书时长</h2>
        <p className="tj-books__meta">承诺为孩子们读书或伴读的时间，计入活动总时长。</p>
        <div className="tj-form__field">
          <label htmlFor="tj-donate-minutes">时长</label>
          <select
            id="tj-donate-minutes"
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
          >
            {MINUTE_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m} 分钟
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="tj-button tj-button--block"
          disabled={busy !== null}
          onClick={() => void pledge({ kind: "time", minutes }, `读书时长 ${minutes} 分钟`)}
        >
          {data.signedIn ? (busy === "time" ? "提交中…" : "认领") : "登录后认领"}
        </button>
      </section>
      <PledgeMessage message={message} />
      <section className="tj-card-box" aria-labelledby="tj-donate-schools">
        <h2 id="tj-donate-schools">合作学校（示例）</h2>
        <ul className="tj-book-list">
          {a.schools.map((s) => (
            <li key={s.key}>
              <strong>{s.name}</strong>
              <span className="tj-books__meta"> · {s.region}</span>
              <p className="tj-book-row__intro">{s.note}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="tj-books__actions">
        <AppLink className="tj-button" to="/donatebooks/booklist">
          看看学校需要的书
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/donatebooks/share">
          分享活动
        </AppLink>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
