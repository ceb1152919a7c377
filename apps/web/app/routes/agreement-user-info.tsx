import { formatEffectiveDay } from "@tongjian/domain/agreement-types";
import { AGREEMENT_LINKS } from "@tongjian/domain/agreements";
import { personalDataByCategory } from "@tongjian/domain/personal-data";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { AgreementLinks } from "../features/agreements/agreement-links.tsx";
import { AgreementTableView } from "../features/agreements/agreement-text.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/agreement-user-info";
import "../features/agreements/agreements.css";

// The list's own version: it changes whenever the product starts or stops keeping something,
// which the schema test (personal-data.db-test.ts) does not let pass unnoticed.
const LIST_VERSION = { version: "1.0", effectiveOn: "2026-11-28" };

/**
 * 个人信息收集清单 (/agreement/userInfo, /agreement/userInfo/list; decision 40): what the product
 * keeps of a reader, why, where it is used and for how long, category by category, made from the
 * one list in domain/personal-data.ts that the export and the account deletion also read.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "");
  return {
    full: path.endsWith("/list"),
    path,
    ...LIST_VERSION,
    groups: personalDataByCategory().map((group) => ({
      category: group.category,
      rows: group.sets.map((set) => [set.what, set.purpose, set.usedIn, set.retention] as const),
      tables: group.sets.length,
    })),
    links: AGREEMENT_LINKS,
  };
}

export function meta() {
  return [{ title: `个人信息收集清单 - ${PRODUCT_NAME}` }];
}

export default function UserInfoList({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-agreement">
      <h1 className="tj-agreement__title">个人信息收集清单</h1>
      <p className="tj-agreement__meta" data-testid="agreement-version">
        版本 {d.version} · {formatEffectiveDay(d.effectiveOn)}生效
      </p>
      <p className="tj-agreement__summary">
        下表逐项列出通鉴保存的你的个人信息：收集什么、为什么、在哪里使用、保存多久。它与我们系统中实际保存的数据出自同一份清单；你可以在
        <AppLink to="/agreement/userOwnInfo/home">我的个人信息</AppLink>
        中查看自己的每一类记录、下载完整副本或注销账号。
      </p>
      {d.groups.map((group) => (
        <section key={group.category}>
          <h2>{group.category}</h2>
          {d.full ? (
            <AgreementTableView
              table={{
                caption: `${group.category}：${group.tables} 类记录`,
                head: ["收集的信息", "目的", "使用场景", "保存期限"],
                rows: group.rows,
              }}
            />
          ) : (
            <ul>
              {group.rows.map(([what, purpose]) => (
                <li key={what}>
                  {what}——{purpose}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {!d.full && (
        <p>
          每一项的使用场景与保存期限见
          <AppLink to="/agreement/userInfo/list">完整清单</AppLink>。
        </p>
      )}
      <AgreementLinks links={d.links} current={d.full ? "/agreement/userInfo/list" : d.path} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
