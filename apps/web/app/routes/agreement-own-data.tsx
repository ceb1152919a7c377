import { AGREEMENT_LINKS } from "@tongjian/domain/agreements";
import { formatChinaTime } from "@tongjian/domain/china-time";
import { maskPhone } from "@tongjian/domain/phone-number";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AgreementLinks } from "../features/agreements/agreement-links.tsx";
import { OwnDataPanel } from "../features/agreements/own-data-panel.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/agreement-own-data";
import "../features/agreements/agreements.css";

const CONTEXT_LABELS: Record<string, string> = {
  login: "登录",
  register: "注册",
  bind: "绑定手机号",
  checkout: "下单",
  update: "协议更新后确认",
};

/**
 * 我的个人信息 (/agreement/userOwnInfo/*) and 个人信息下载 (/agreement/userInfo/download),
 * decision 40: a signed-in reader sees what the product keeps of them, downloads it and can
 * delete the account; after a deletion (/agreement/userOwnInfo/deleted) the page says so.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "");
  if (context.viewer.kind === "anonymous" && path.endsWith("/userOwnInfo/deleted"))
    return { state: "deleted" as const, links: AGREEMENT_LINKS };
  const viewer = requirePageReader(context, request);
  const { personalData, agreements, accounts } = context.services;
  const [{ ids, groups }, info] = await Promise.all([
    personalData.overview(viewer),
    accounts.userInfo(viewer),
  ]);
  const acceptances = await agreements.history(ids.id);
  return {
    state: "signed-in" as const,
    links: AGREEMENT_LINKS,
    path,
    overview: {
      account: {
        id: ids.id,
        kind: ids.kind,
        name: info.ahName ?? info.wxName ?? "读者",
        phone: info.ahPhone,
      },
      groups,
      acceptances,
    },
  };
}

// One reader's page: never kept by a shared cache.
export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `我的个人信息 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function OwnDataPage({ loaderData: d }: Route.ComponentProps) {
  if (d.state === "deleted")
    return (
      <main className="tj-agreement">
        <h1 className="tj-agreement__title">账号已注销</h1>
        <p className="tj-agreement__summary" role="status">
          你的账号与个人信息已删除，所有设备均已退出登录。感谢你曾使用{PRODUCT_NAME}。
        </p>
        <p>
          <AppLink to="/">返回首页</AppLink>
        </p>
        <AgreementLinks links={d.links} current="/agreement/userOwnInfo/deleted" />
      </main>
    );
  const { overview } = d;
  const account = overview.account;
  return (
    <main className="tj-agreement">
      <h1 className="tj-agreement__title">我的个人信息</h1>
      <p className="tj-agreement__summary" data-testid="own-data-account">
        {account.name}
        {account.phone ? `（手机号 ${maskPhone(account.phone)}）` : "（微信登录）"}
        。依照《个人信息保护法》，你可以在这里查阅、下载我们保存的你的个人信息，或注销账号。各项信息的用途与保存期限见
        <AppLink to="/agreement/userInfo/list">个人信息收集清单</AppLink>。
      </p>
      <OwnDataPanel overview={overview} />
      <section>
        <h2>我同意过的协议</h2>
        {overview.acceptances.length === 0 ? (
          <p>还没有同意记录。下次登录或下单时，我们会请你确认当前版本的协议。</p>
        ) : (
          <ul data-testid="acceptances">
            {overview.acceptances.map((a) => (
              <li key={`${a.agreement}|${a.acceptedAt}|${a.version}`}>
                《{a.title}》版本 {a.version} · {CONTEXT_LABELS[a.context] ?? a.context} ·{" "}
                {formatChinaTime(new Date(a.acceptedAt))}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AgreementLinks links={d.links} current="/agreement/userOwnInfo/home" />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
