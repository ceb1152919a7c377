import type { LikedItem, ReaderCard, ReadItem, ReadKind, SavedItem } from "@tongjian/contracts/my";
import { isEntityId } from "@tongjian/domain/entity-id";
import { isSavedKind } from "@tongjian/domain/saved-kinds";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { redirect, useNavigation, useRevalidator } from "react-router";
import { useDeviceHistoryMerge } from "../features/my/device-history.ts";
import { DeviceReads } from "../features/my/device-reads.tsx";
import { ago, MyItemList } from "../features/my/my-items.tsx";
import { MyTabs } from "../features/my/my-tabs.tsx";
import { PagedList } from "../features/my/paged-list.tsx";
import { PeopleList, profileHref } from "../features/my/people-list.tsx";
import { SavedList } from "../features/my/saved-list.tsx";
import { SignInCard } from "../features/my/sign-in-card.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/my-list";
import "../features/my/my.css";

/**
 * /my/list (issue 16 Social §1): my lists in full, one tab each — 阅读记录 (entries and articles
 * read, newest first), 点赞, 关注, 粉丝 and 收藏 (saved A-to-B paths and custom graphs) — paged
 * 20 at a time. With `?userId=` the 关注 and 粉丝 lists of another reader.
 */
const TABS = {
  history: "阅读记录",
  likes: "点赞",
  following: "关注",
  followers: "粉丝",
  saved: "收藏",
} as const;
type Tab = keyof typeof TABS;
const PEOPLE_TABS = ["following", "followers"] as const;
const PAGE_SIZE = 20;

const isTab = (value: string | null): value is Tab => value !== null && value in TABS;
const readKindOf = (value: string | null): ReadKind | undefined =>
  value === "entry" || value === "article" ? value : undefined;

function listHref(params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return `/my/list?${query}`;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { viewer, services } = context;
  const now = Date.now();
  const asked = url.searchParams.get("tab");
  const type = readKindOf(url.searchParams.get("type"));
  const kindParam = url.searchParams.get("kind");
  const kind = isSavedKind(kindParam) ? kindParam : undefined;
  const page = { page: 1, size: PAGE_SIZE };

  const other = url.searchParams.get("userId");
  if (other !== null) {
    if (!isEntityId(other)) throw notFound("这位读者不存在");
    const tab: (typeof PEOPLE_TABS)[number] = asked === "followers" ? "followers" : "following";
    if (viewer.kind === "user" && viewer.userId === other) throw redirect(listHref({ tab }));
    const [profile, people] = await Promise.all([
      orNotFound(services.follows.profile({ viewer, userId: other }), "这位读者不存在"),
      orNotFound(services.follows[tab]({ viewer, userId: other, ...page }), "这位读者不存在"),
    ]);
    return {
      view: "reader" as const,
      tab,
      reader: { userId: profile.userId, name: profile.name },
      people,
      me: viewer.kind === "user" ? viewer.userId : null,
      signedIn: viewer.kind !== "anonymous",
      now,
    };
  }

  const tab: Tab = isTab(asked) ? asked : "history";
  const base = { view: "me" as const, tab, type, kind, now };
  if (viewer.kind === "anonymous") return { ...base, view: "anonymous" as const };
  const me = viewer.kind === "user" ? viewer.userId : null;
  switch (tab) {
    case "history":
      return { ...base, reads: await services.history.recent({ viewer, type, ...page }) };
    case "likes":
      return { ...base, likes: await services.my.likes({ viewer, type, ...page }) };
    case "saved":
      return {
        ...base,
        saved: await services.saved.list({ viewer, kind, ...page }),
        savedKinds: services.saved.kinds(),
      };
    default:
      return {
        ...base,
        me,
        people: me ? await services.follows[tab]({ viewer, userId: me, ...page }) : null,
      };
  }
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  const title =
    data?.view === "reader"
      ? `${data.reader.name}的${TABS[data.tab]}`
      : `我的${data ? TABS[data.tab] : "列表"}`;
  return [{ title: `${title} - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const peopleItems = (list: readonly ReaderCard[]) => list.map((p) => ({ ...p, id: p.userId }));

export default function MyListPage({ loaderData: d }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  // Reads this device kept before the reader signed in join the account, and show here.
  useDeviceHistoryMerge(d.view === "reader" ? d.signedIn : d.view === "me", () => revalidate());
  const busy = navigation.state === "loading" && navigation.location.pathname.startsWith("/my");

  if (d.view === "reader") {
    return (
      <main className="tj-my" aria-busy={busy}>
        <h1 className="tj-my__heading">
          <AppLink to={profileHref(d.reader.userId)}>{d.reader.name}</AppLink>的{TABS[d.tab]}
        </h1>
        <MyTabs
          label="列表"
          current={d.tab}
          tabs={PEOPLE_TABS.map((tab) => ({
            key: tab,
            label: TABS[tab],
            href: listHref({ tab, userId: d.reader.userId }),
          }))}
        />
        <PagedList
          key={d.tab}
          first={{ ...d.people, list: peopleItems(d.people.list) }}
          path={`/api/m/social/v1/n/user/${d.reader.userId}/${d.tab}`}
          empty={d.tab === "followers" ? "还没有人关注 TA。" : "TA 还没有关注其他读者。"}
          render={(list) => <PeopleList people={list} me={d.me} testId="people-list" />}
        />
      </main>
    );
  }

  const typeFilter = (tab: "history" | "likes") => (
    <MyTabs
      label="类型"
      small
      current={d.type ?? "all"}
      tabs={[
        { key: "all", label: "全部", href: listHref({ tab }) },
        { key: "entry", label: "词条", href: listHref({ tab, type: "entry" }) },
        { key: "article", label: "文章", href: listHref({ tab, type: "article" }) },
      ]}
    />
  );
  const typeQuery = d.type ? `?type=${d.type}` : "";

  return (
    <main className="tj-my" aria-busy={busy}>
      <h1 className="tj-my__heading">我的{TABS[d.tab]}</h1>
      <MyTabs
        label="我的列表"
        current={d.tab}
        tabs={(Object.keys(TABS) as Tab[]).map((tab) => ({
          key: tab,
          label: TABS[tab],
          href: listHref({ tab }),
        }))}
      />
      {busy && (
        <p className="tj-my-loading" role="status">
          正在加载…
        </p>
      )}
      {d.tab === "history" && typeFilter("history")}
      {d.tab === "likes" && typeFilter("likes")}
      {"savedKinds" in d && d.savedKinds && (
        <MyTabs
          label="收藏的种类"
          small
          current={d.kind ?? "all"}
          tabs={[
            { key: "all", label: "全部", href: listHref({ tab: "saved" }) },
            ...d.savedKinds.map(({ kind, label }) => ({
              key: kind,
              label,
              href: listHref({ tab: "saved", kind }),
            })),
          ]}
        />
      )}

      {d.view === "anonymous" ? (
        d.tab === "history" ? (
          <DeviceReads mode="recent" kind={d.type} />
        ) : (
          <SignInCard
            returnTo={listHref({ tab: d.tab })}
            text={`登录后可以查看我的${TABS[d.tab]}。`}
          />
        )
      ) : "reads" in d && d.reads ? (
        <PagedList<ReadItem>
          key={`history-${d.type}`}
          first={d.reads}
          path={`/api/m/social/v1/y/my/history${typeQuery}`}
          empty="还没有阅读记录。读过的词条和文章会按时间出现在这里。"
          render={(list) => (
            <MyItemList
              items={list}
              testId="my-list"
              meta={(r) =>
                `${ago(r.readAt, d.now)}读过${r.readCount > 1 ? ` · 共 ${r.readCount} 次` : ""}`
              }
            />
          )}
        />
      ) : "likes" in d && d.likes ? (
        <PagedList<LikedItem>
          key={`likes-${d.type}`}
          first={d.likes}
          path={`/api/m/social/v1/y/my/likes${typeQuery}`}
          empty="还没有点赞。在词条和文章页点「点赞」，它们会出现在这里。"
          render={(list) => (
            <MyItemList
              items={list}
              testId="my-list"
              meta={(l) => `${ago(l.likedAt, d.now)}点赞`}
            />
          )}
        />
      ) : "saved" in d && d.saved ? (
        <PagedList<SavedItem>
          key={`saved-${d.kind}`}
          first={d.saved}
          path={`/api/m/social/v1/y/my/saved${d.kind ? `?kind=${d.kind}` : ""}`}
          empty={(d.savedKinds ?? [])
            .filter((k) => !d.kind || k.kind === d.kind)
            .map((k) => k.empty)
            .join("")}
          render={(list) => <SavedList items={list} now={d.now} />}
        />
      ) : "people" in d && d.people ? (
        <PagedList
          key={d.tab}
          first={{ ...d.people, list: peopleItems(d.people.list) }}
          path={`/api/m/social/v1/n/user/${d.me}/${d.tab}`}
          empty={
            d.tab === "followers"
              ? "还没有人关注你。"
              : "还没有关注的人。在读者主页点「关注」，他们会出现在这里。"
          }
          render={(list) => <PeopleList people={list} me={d.me ?? null} testId="people-list" />}
        />
      ) : (
        <SignInCard
          returnTo={listHref({ tab: d.tab })}
          need="user"
          text="绑定手机号后，可以关注其他读者，也能被其他读者关注。"
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
