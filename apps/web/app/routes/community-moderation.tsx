import type { QueueItem } from "@tongjian/contracts/community";
import { COMMUNITY_API, postPath, REPORT_REASONS } from "@tongjian/domain/community-rules";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data, useRevalidator } from "react-router";
import { AuthorLine } from "../features/community/author-line.tsx";
import { ImageGrid } from "../features/community/image-grid.tsx";
import { PostBody } from "../features/community/post-body.tsx";
import { useCommunityCall } from "../features/community/use-community-call.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageUser } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/community-moderation";
import "../features/community/community.css";

const FILTERS = { reported: "被举报", hidden: "已隐藏", recent: "最新" } as const;
type Filter = keyof typeof FILTERS;
const PAGE_SIZE = 20;

// The moderation queue (issue 16, beyond spec §2): an admin hides, restores or keeps posts.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  if (user.role !== "admin") throw data("只有管理员可以查看审核队列", { status: 403 });
  const raw = url.searchParams.get("filter");
  const filter: Filter = raw === "hidden" || raw === "recent" ? raw : "reported";
  const queue = await context.services.community.moderationQueue({
    filter,
    page: 1,
    size: PAGE_SIZE,
    viewer: context.viewer,
  });
  return { filter, queue };
}

export function meta() {
  return [{ title: `社区审核 - ${PRODUCT_NAME}` }];
}

export default function CommunityModeration({ loaderData }: Route.ComponentProps) {
  const { filter, queue } = loaderData;
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">社区审核</h1>
      <nav className="tj-community__nav" aria-label="审核队列">
        {(Object.keys(FILTERS) as Filter[]).map((key) => (
          <AppLink
            key={key}
            className="tj-chip"
            to={`/community/moderation?filter=${key}`}
            aria-current={key === filter ? "page" : undefined}
          >
            {FILTERS[key]}
          </AppLink>
        ))}
      </nav>
      <p className="tj-community__lead">
        {FILTERS[filter]}：{queue.total} 条
      </p>
      {queue.list.length === 0 ? (
        <p className="tj-empty">{filter === "reported" ? "没有待处理的举报" : "这里是空的"}</p>
      ) : (
        <ul className="tj-queue">
          {queue.list.map((item) => (
            <QueueEntry key={item.id} item={item} />
          ))}
        </ul>
      )}
    </main>
  );
}

function QueueEntry({ item }: { item: QueueItem }) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const { run, busy, error } = useCommunityCall();
  const act = async (action: "hide" | "restore" | "keep") => {
    const done = await run(() =>
      api.post(`${COMMUNITY_API}/y/moderation/post`, { postId: item.id, action }),
    );
    if (done !== undefined) await revalidator.revalidate();
  };
  const reasons = Object.entries(item.reasons)
    .map(([reason, n]) => `${REPORT_REASONS[reason as keyof typeof REPORT_REASONS] ?? reason} ${n}`)
    .join("，");
  return (
    <li className="tj-queue__item" data-post-id={item.id}>
      <AuthorLine author={item.author} createdAt={item.createdAt} extra={item.circle.name} />
      <PostBody body={item.body} />
      <ImageGrid images={item.images} label={`${item.author.name}的帖子`} />
      <p className="tj-queue__meta">
        {item.status === "hidden" ? "已隐藏" : "显示中"}
        {item.openReports > 0 ? ` · 待处理举报 ${item.openReports}（${reasons}）` : ""}
        {item.lastDecision
          ? ` · 上次：${item.lastDecision.by}${{ hide: "隐藏", restore: "恢复", keep: "保留" }[item.lastDecision.action] ?? item.lastDecision.action}${item.lastDecision.reason ? `（${item.lastDecision.reason}）` : ""}`
          : ""}
      </p>
      <div className="tj-queue__actions">
        {item.status === "visible" ? (
          <button
            type="button"
            className="tj-button"
            disabled={busy}
            onClick={() => void act("hide")}
          >
            隐藏
          </button>
        ) : (
          <button
            type="button"
            className="tj-button"
            disabled={busy}
            onClick={() => void act("restore")}
          >
            恢复
          </button>
        )}
        {item.openReports > 0 && item.status === "visible" && (
          <button
            type="button"
            className="tj-button tj-button--ghost"
            disabled={busy}
            onClick={() => void act("keep")}
          >
            保留
          </button>
        )}
        <AppLink className="tj-section__link" to={postPath(item.id)}>
          查看帖子
        </AppLink>
      </div>
      {error && (
        <p className="tj-form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
