import type { MyOverview, ReaderCard, ReaderProfile } from "@tongjian/contracts/my";
import { isEntityId } from "@tongjian/domain/entity-id";
import { maskPhone } from "@tongjian/domain/phone-number";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { lazy, Suspense, useState } from "react";
import { redirect, useNavigation, useRevalidator } from "react-router";
import { useDeviceHistoryMerge } from "../features/my/device-history.ts";
import { DeviceReads } from "../features/my/device-reads.tsx";
import { FollowButton } from "../features/my/follow-button.tsx";
import { ago, MyItemList } from "../features/my/my-items.tsx";
import { MySection } from "../features/my/my-section.tsx";
import { MySlots } from "../features/my/my-slots.tsx";
import { PeopleList } from "../features/my/people-list.tsx";
import { ProfileHeader, peopleHref } from "../features/my/profile-header.tsx";
import { SignInCard } from "../features/my/sign-in-card.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/my";
import "../features/my/my.css";

/** How many of a reader's followers and follows their profile shows. */
const READER_PREVIEW = 6;

/** The editor loads when the reader opens it, not with the page. */
const ProfileEditor = lazy(() =>
  import("../features/my/profile-editor.tsx").then((m) => ({ default: m.ProfileEditor })),
);

/**
 * /my (issue 16 Social §1): the signed-in reader's page — profile and its editor, follow counts,
 * the latest reads and likes, people followed, saved paths and graphs, and the sections later
 * features fill (orders, study progress). A reader who is not signed in sees the reading history
 * kept on the device and a way to sign in. `?userId=` is another reader's public profile.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { viewer, services } = context;
  // Times on the page are written against this, the same on the server and in the browser.
  const now = Date.now();
  const other = url.searchParams.get("userId");
  if (other !== null) {
    if (!isEntityId(other)) throw notFound("这位读者不存在");
    if (viewer.kind === "user" && viewer.userId === other) throw redirect("/my");
    const page = { viewer, userId: other, page: 1, size: READER_PREVIEW };
    const [profile, followers, following] = await Promise.all([
      orNotFound(services.follows.profile({ viewer, userId: other }), "这位读者不存在"),
      orNotFound(services.follows.followers(page), "这位读者不存在"),
      orNotFound(services.follows.following(page), "这位读者不存在"),
    ]);
    return {
      view: "reader" as const,
      profile,
      followers: followers.list,
      following: following.list,
      me: viewer.kind === "user" ? viewer.userId : null,
      signedIn: viewer.kind !== "anonymous",
      now,
    };
  }
  if (viewer.kind === "anonymous")
    return {
      view: "anonymous" as const,
      slots: await services.my.slots(viewer),
      signedIn: false,
      now,
    };
  const { phone, ...overview } = await services.my.overview(viewer);
  const fromApp = viewer.kind === "user" && viewer.appUserId !== null;
  return {
    view: "me" as const,
    overview,
    // The number is shown masked; the page's data never carries it whole.
    subtitle:
      overview.role === "visitor"
        ? "微信登录 · 未绑定手机号"
        : phone
          ? `手机号 ${maskPhone(phone)}`
          : fromApp
            ? "通鉴App账号"
            : "通鉴读者",
    fromApp,
    signedIn: true,
    now,
  };
}

// One reader's page: never kept by a shared cache.
export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.view === "reader" ? `${data.profile.name}的主页` : "我的";
  return [{ title: `${title} - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function MyPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  // Reads this device kept before the reader signed in join the account, and show here.
  useDeviceHistoryMerge(loaderData.signedIn, () => void revalidate());
  const busy = navigation.state === "loading" && navigation.location.pathname.startsWith("/my");
  return (
    <main className="tj-my" aria-busy={busy}>
      {busy && (
        <p className="tj-my-loading" role="status">
          正在加载…
        </p>
      )}
      {loaderData.view === "reader" ? (
        <ReaderScreen
          profile={loaderData.profile}
          followers={loaderData.followers}
          following={loaderData.following}
          me={loaderData.me}
        />
      ) : loaderData.view === "anonymous" ? (
        <AnonymousScreen slots={loaderData.slots} />
      ) : (
        <MyScreen
          overview={loaderData.overview}
          subtitle={loaderData.subtitle}
          fromApp={loaderData.fromApp}
          now={loaderData.now}
        />
      )}
    </main>
  );
}

function AnonymousScreen({ slots }: { slots: MyOverview["slots"] }) {
  return (
    <>
      <h1 className="tj-my__heading">我的</h1>
      <SignInCard
        returnTo="/my"
        text="登录后可以编辑资料、关注其他读者，点赞和阅读记录在各设备间同步。"
      />
      <MySection title="本机阅读记录" more="/my/list?tab=history" testId="my-reads">
        <DeviceReads mode="recent" limit={5} />
      </MySection>
      <p className="tj-my-note">
        <AppLink to="/my/top">看看本机的阅读榜 →</AppLink>
      </p>
      <MySlots slots={slots} signedIn={false} />
    </>
  );
}

function MyScreen({
  overview,
  subtitle,
  fromApp,
  now,
}: {
  overview: Omit<MyOverview, "phone">;
  subtitle: string;
  fromApp: boolean;
  now: number;
}) {
  const { profile, role, reads, likes, following, saved, slots } = overview;
  const [editing, setEditing] = useState(false);
  const revalidator = useRevalidator();
  const visitor = role === "visitor";
  return (
    <>
      <ProfileHeader
        profile={profile}
        subtitle={subtitle}
        listsOf={null}
        extraCounts={[
          { label: "点赞", value: likes.total, href: "/my/list?tab=likes" },
          { label: "阅读", value: reads.total, href: "/my/list?tab=history" },
        ]}
      >
        {visitor ? (
          <SignInCard
            returnTo="/my"
            need="user"
            text="绑定手机号后可以编辑资料、关注其他读者；点赞和阅读记录会保留在账号中。"
          />
        ) : (
          !editing && (
            <div className="tj-my-profile__actions">
              <button type="button" className="tj-button" onClick={() => setEditing(true)}>
                编辑资料
              </button>
              <AppLink className="tj-button tj-button--ghost" to="/login">
                账号与登录设备
              </AppLink>
            </div>
          )
        )}
      </ProfileHeader>
      {editing && (
        <Suspense
          fallback={
            <p className="tj-my-loading" role="status">
              正在打开编辑资料…
            </p>
          }
        >
          <ProfileEditor
            name={profile.name}
            avatar={profile.avatar}
            fromApp={fromApp}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void revalidator.revalidate();
            }}
          />
        </Suspense>
      )}

      <MySection title="最近阅读" more="/my/list?tab=history" testId="my-reads">
        {reads.list.length > 0 ? (
          <MyItemList
            items={reads.list}
            meta={(r) =>
              `${ago(r.readAt, now)}读过${r.readCount > 1 ? ` · 共 ${r.readCount} 次` : ""}`
            }
          />
        ) : (
          <p className="tj-my-empty">还没有阅读记录。读过的词条和文章会按时间出现在这里。</p>
        )}
        <p className="tj-my-note">
          <AppLink to="/my/top">我的阅读榜：读得最多的词条和文章 →</AppLink>
        </p>
      </MySection>

      <MySection title="我的点赞" more="/my/list?tab=likes" testId="my-likes">
        {likes.list.length > 0 ? (
          <MyItemList items={likes.list} meta={(l) => `${ago(l.likedAt, now)}点赞`} />
        ) : (
          <p className="tj-my-empty">还没有点赞。在词条和文章页点「点赞」，它们会出现在这里。</p>
        )}
      </MySection>

      <MySection
        title="我的关注"
        more={visitor ? undefined : "/my/list?tab=following"}
        testId="my-following"
      >
        {visitor ? (
          <p className="tj-my-empty">绑定手机号后，可以关注其他读者。</p>
        ) : following.list.length > 0 ? (
          <PeopleList people={following.list} me={profile.userId} />
        ) : (
          <p className="tj-my-empty">还没有关注的人。在读者主页点「关注」，他们会出现在这里。</p>
        )}
      </MySection>

      <MySection title="我的收藏" more="/my/list?tab=saved" testId="my-saved">
        <ul className="tj-my-kinds">
          {saved.kinds.map(({ kind, label, empty, count }) => (
            <li key={kind} className="tj-my-kinds__item">
              <AppLink to={`/my/list?tab=saved&kind=${kind}`} className="tj-my-kinds__link">
                <strong>{label}</strong>
                <span>{count > 0 ? `${count} 项` : "暂无"}</span>
              </AppLink>
              {count === 0 && <p className="tj-my-kinds__empty">{empty}</p>}
            </li>
          ))}
        </ul>
      </MySection>

      <MySlots slots={slots} signedIn />
    </>
  );
}

function ReaderScreen({
  profile,
  followers,
  following,
  me,
}: {
  profile: ReaderProfile;
  followers: ReaderCard[];
  following: ReaderCard[];
  me: string | null;
}) {
  const [counts, setCounts] = useState({
    followerNum: profile.followerNum,
    followingNum: profile.followingNum,
  });
  return (
    <>
      <ProfileHeader
        profile={{ ...profile, ...counts }}
        subtitle="通鉴读者"
        listsOf={profile.userId}
      >
        <div className="tj-my-profile__actions">
          <FollowButton
            userId={profile.userId}
            name={profile.name}
            following={profile.following}
            onChange={(status) =>
              setCounts({ followerNum: status.followerNum, followingNum: status.followingNum })
            }
          />
        </div>
      </ProfileHeader>
      <MySection
        title="TA 的粉丝"
        more={peopleHref("followers", profile.userId)}
        testId="reader-followers"
      >
        {followers.length > 0 ? (
          <PeopleList people={followers} me={me} />
        ) : (
          <p className="tj-my-empty">还没有人关注 TA。</p>
        )}
      </MySection>
      <MySection
        title="TA 的关注"
        more={peopleHref("following", profile.userId)}
        testId="reader-following"
      >
        {following.length > 0 ? (
          <PeopleList people={following} me={me} />
        ) : (
          <p className="tj-my-empty">TA 还没有关注其他读者。</p>
        )}
      </MySection>
      <p className="tj-my-note">读者的点赞、阅读和收藏只有本人可见。</p>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
