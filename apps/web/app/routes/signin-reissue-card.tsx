import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { REISSUE_RULE } from "@tongjian/domain/study-records";
import { SignInState, Stat, StudyPage } from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/signin-reissue-card";
import "../features/study-records/study-records.css";

// 补签卡 (/signin/reissue-card): the reader's cards — balance, how each was earned and used —
// and the rule by which one is earned, which the server applies exactly.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return { signedIn: true as const, ledger: await context.services.studyRecords.cards(viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `补签卡 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

function Rule() {
  return (
    <section className="tj-study__card" aria-labelledby="tj-card-rule">
      <h2 id="tj-card-rule">获得与使用规则</h2>
      <ol>
        {REISSUE_RULE.map((line) => (
          <li key={line} className="tj-study__lead">
            {line}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function ReissueCardRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <StudyPage title="补签卡">
        <Rule />
        <SignInState title="登录后查看你的补签卡" lead="补签卡可以补上漏打的卡。" />
      </StudyPage>
    );
  const l = d.ledger;
  return (
    <StudyPage title="补签卡">
      <section className="tj-study__card" aria-labelledby="tj-card-balance">
        <h2 id="tj-card-balance">我的补签卡</h2>
        <dl className="tj-study__stats">
          <Stat label="可用" value={`${l.balance} 张`} />
          <Stat label="累计获得" value={`${l.granted} 张`} />
          <Stat label="已使用" value={`${l.used} 张`} />
        </dl>
        <div className="tj-study__actions">
          <AppLink className="tj-button" to="/signin/reissue">
            去补签
          </AppLink>
          <AppLink className="tj-button tj-button--ghost" to="/clockin">
            去打卡
          </AppLink>
        </div>
      </section>
      <Rule />
      <section className="tj-study__card" aria-labelledby="tj-card-ledger">
        <h2 id="tj-card-ledger">获得与使用记录</h2>
        {l.entries.length === 0 ? (
          <p className="tj-empty">暂无记录</p>
        ) : (
          <ul className="tj-study__list">
            {l.entries.map((e) => (
              <li key={`${e.at}-${e.cause}`} className="tj-study__row">
                <span>{e.cause}</span>
                <span>
                  {e.delta > 0 ? `+${e.delta}` : e.delta} · {e.at.slice(0, 10)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
