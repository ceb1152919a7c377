import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LoginForms } from "../features/accounts/login-forms.tsx";
import { StudyPage } from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-phone";
import "../features/accounts/accounts.css";
import "../features/study-records/study-records.css";

// 绑定手机 (/learnrecord/phone): keep the learning records in an account. A WeChat visitor binds
// a phone with an SMS code (the accounts' bind-phone flow); a reader without any login signs in
// by SMS code; an account that has a phone is told so.
export async function loader({ context }: Route.LoaderArgs) {
  const v = context.viewer;
  if (v.kind === "user")
    return {
      kind: "user" as const,
      phone: v.phone ? `${v.phone.slice(0, 3)}****${v.phone.slice(-4)}` : null,
    };
  return { kind: v.kind, phone: null };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `绑定手机 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function LearnRecordPhoneRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <StudyPage title="绑定手机" lead="学习记录保存在手机号账号里，换设备、换浏览器都能接着学。">
      {d.kind === "user" ? (
        <section className="tj-study__state" aria-labelledby="tj-phone-done">
          <h2 id="tj-phone-done" className="tj-study__state-title">
            {d.phone ? `已绑定手机 ${d.phone}` : "你的账号来自 App"}
          </h2>
          <p className="tj-study__lead">
            {d.phone
              ? "你的学习记录已经保存在这个账号里。"
              : "学习记录已保存在 App 账号中；手机号请在 App 中管理。"}
          </p>
          <AppLink className="tj-button" to="/learnrecord">
            查看学习记录
          </AppLink>
        </section>
      ) : (
        <div className="tj-auth">
          <LoginForms redirectTo="/learnrecord" bindOnly={d.kind === "visitor"} initialMode="sms" />
        </div>
      )}
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
