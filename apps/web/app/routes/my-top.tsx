import type { ReadItem, ReadKind } from "@tongjian/contracts/my";
import { TOP_LIST_PAGE_SIZE } from "@tongjian/domain/page-size";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useNavigation, useRevalidator } from "react-router";
import { useDeviceHistoryMerge } from "../features/my/device-history.ts";
import { DeviceReads } from "../features/my/device-reads.tsx";
import { ago, MyItemList } from "../features/my/my-items.tsx";
import { MyTabs } from "../features/my/my-tabs.tsx";
import { PagedList } from "../features/my/paged-list.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/my-top";
import "../features/my/my.css";

/**
 * /my/top (issue 16 Social §1): the reader's own ranking — the entries and articles they read
 * most, most read first (a tie goes to the more recent), 10 a page as the spec's top lists
 * (§9). Signed in, it is counted on the server; otherwise from this device's history.
 */
const TYPES = { all: "全部", entry: "词条", article: "文章" } as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { viewer, services } = context;
  const asked = url.searchParams.get("type");
  const type: ReadKind | undefined = asked === "entry" || asked === "article" ? asked : undefined;
  if (viewer.kind === "anonymous") return { signedIn: false as const, type, now: Date.now() };
  return {
    signedIn: true as const,
    type,
    top: await services.history.top({ viewer, type, page: 1, size: TOP_LIST_PAGE_SIZE }),
    now: Date.now(),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `我的阅读榜 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function MyTopPage({ loaderData: d }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  // Reads this device kept before the reader signed in join the account, and show here.
  useDeviceHistoryMerge(d.signedIn, () => void revalidate());
  const busy = navigation.state === "loading" && navigation.location.pathname === "/my/top";
  const meta = (r: ReadItem) => `读过 ${r.readCount} 次 · 最近 ${ago(r.readAt, d.now)}`;
  return (
    <main className="tj-my" aria-busy={busy}>
      <h1 className="tj-my__heading">我的阅读榜</h1>
      <p className="tj-my-note">
        {d.signedIn
          ? "按你读过的次数排列，读得最多的词条和文章在前。"
          : "按这台设备上读过的次数排列；登录后，阅读榜随账号保存。"}
      </p>
      <MyTabs
        label="类型"
        small
        current={d.type ?? "all"}
        tabs={(Object.keys(TYPES) as (keyof typeof TYPES)[]).map((key) => ({
          key,
          label: TYPES[key],
          href: key === "all" ? "/my/top" : `/my/top?type=${key}`,
        }))}
      />
      {busy && (
        <p className="tj-my-loading" role="status">
          正在加载…
        </p>
      )}
      {d.signedIn ? (
        <PagedList<ReadItem>
          key={d.type ?? "all"}
          first={d.top}
          path={`/api/m/social/v1/y/my/top${d.type ? `?type=${d.type}` : ""}`}
          empty="还没有阅读记录。多读几篇，榜单就有了。"
          render={(list) => <MyItemList items={list} rank meta={meta} testId="my-top" />}
        />
      ) : (
        <DeviceReads mode="top" kind={d.type} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
