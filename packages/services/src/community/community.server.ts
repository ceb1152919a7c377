import type {
  Circle,
  CirclePage,
  Comment,
  CommentList,
  FeaturedReader,
  Membership,
  ModerationQueue,
  Post,
  PostImage,
  PostLikeStatus,
  PostList,
} from "@tongjian/contracts/community";
import {
  COMMENT_TEXT_LIMIT,
  POST_IMAGE_MAX,
  POST_TEXT_LIMIT,
  REPORT_REASONS,
  type ReportReason,
  topicKey,
} from "@tongjian/domain/community-rules";
import { bodySegments, bodyTopics, cleanBody } from "@tongjian/domain/post-body";
import { textLength } from "@tongjian/domain/text-length";
import type { Viewer } from "@tongjian/domain/viewer";
import { newId } from "../accounts/account-repository.ts";
import { type AttemptLimit, createAttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireAdmin, requireUser } from "../accounts/require-login.ts";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { ObjectStorage, StoredObject } from "../storage/object-storage.ts";
import type { CommunityRepository, PostRow, UploadRow } from "./community-repository.ts";
import { checkImage } from "./image-check.ts";
import type { PostViewCounter } from "./post-view-counter.ts";

/**
 * Flooding limits per account (issue 16 "flooding is rate-limited per user"), counted in the
 * shared store so that every worker and copy counts together.
 */
export const COMMUNITY_LIMITS = {
  postsShort: { name: "community:post:10m", max: 5, windowSeconds: 10 * 60 },
  postsDay: { name: "community:post:day", max: 30, windowSeconds: 24 * 3600 },
  comments: { name: "community:comment:10m", max: 20, windowSeconds: 10 * 60 },
  reports: { name: "community:report:hour", max: 20, windowSeconds: 3600 },
  uploads: { name: "community:upload:hour", max: 60, windowSeconds: 3600 },
  likes: { name: "community:like:min", max: 60, windowSeconds: 60 },
  memberships: { name: "community:member:min", max: 30, windowSeconds: 60 },
} satisfies Record<string, AttemptLimit>;

/** Images uploaded but never posted are kept a day (a draft may be sent later), then removed. */
const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** At most this many images waiting for a post per reader (nine per draft, a few drafts). */
const UNATTACHED_UPLOAD_MAX = 36;

const TOO_FAST = "操作太频繁了，请稍后再试";

/** Where the server serves a stored image (apps/api's media route). */
export const COMMUNITY_MEDIA_PREFIX = "/media/community/";
const STORAGE_PREFIX = "community/";

function mediaUrl(key: string): string {
  return `${COMMUNITY_MEDIA_PREFIX}${key.slice(STORAGE_PREFIX.length)}`;
}

export interface PostActivity {
  post: Post;
  /** Within the window. */
  views: number;
  likes: number;
  comments: number;
  /** The latest day (UTC, YYYY-MM-DD) with any of them. */
  lastActiveDay: string;
  /** The same counts per UTC day, oldest first, for time-weighted rankings. */
  days: { day: string; views: number; likes: number; comments: number }[];
}

export function createCommunityService(deps: {
  community: CommunityRepository;
  store: KeyValueStore;
  storage: ObjectStorage;
  views: PostViewCounter;
  now?: () => Date;
}) {
  const repo = deps.community;
  const limiter = createAttemptLimiter(deps.store);
  const now = deps.now ?? (() => new Date());

  const accountOf = (viewer: Viewer, message?: string) =>
    // Writes need an account: a WeChat visitor binds a phone first (login with need=user).
    requireUser(viewer, message ?? "请先登录");

  async function requireCircle(id: string) {
    const circle = await repo.circleById(id);
    if (!circle) throw new NotFoundError("圈子不存在");
    return circle;
  }

  /** A post readers may see; hidden ones only for their author and moderators. */
  async function requireVisiblePost(id: string, viewer: Viewer): Promise<PostRow> {
    const post = await repo.postById(id);
    if (!post) throw new NotFoundError("帖子不存在或已被删除");
    if (post.status !== "visible" && !canSeeHidden(post, viewer))
      throw new NotFoundError("帖子不存在或已被删除");
    return post;
  }

  function canSeeHidden(post: PostRow, viewer: Viewer): boolean {
    return viewer.kind === "user" && (viewer.role === "admin" || viewer.userId === post.author.id);
  }

  async function toPosts(rows: PostRow[], viewer: Viewer): Promise<Post[]> {
    const userId = viewer.kind === "user" ? viewer.userId : null;
    const [uploads, liked] = await Promise.all([
      repo.uploadsByIds(rows.flatMap((r) => r.imageIds)),
      userId
        ? repo.likedOf(
            userId,
            rows.map((r) => r.id),
          )
        : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((row) => ({
      id: row.id,
      circle: { id: row.circleId, name: row.circleName },
      author: row.author,
      body: bodySegments(row.bodyHtml),
      text: row.bodyText,
      images: row.imageIds
        .map((imageId) => uploads.get(imageId))
        .filter((u): u is UploadRow => u !== undefined)
        .map(toImage),
      likeCount: row.likeCount,
      commentCount: row.commentCount,
      // Views counted but not written yet show at once (a reader sees their own visit).
      viewCount: row.viewCount + deps.views.pendingFor(row.id),
      liked: liked.has(row.id),
      status: row.status === "hidden" ? "hidden" : "visible",
      mine: userId === row.author.id,
      createdAt: row.createdAt,
    }));
  }

  function toImage(upload: UploadRow): PostImage {
    return {
      id: upload.id,
      url: mediaUrl(upload.key),
      thumbUrl: mediaUrl(upload.thumbKey),
      width: upload.width,
      height: upload.height,
    };
  }

  function page<T>(list: T[], total: number, pageNo: number, size: number) {
    return { page: pageNo, size, total, hasMore: pageNo * size < total, list };
  }

  async function dropStaleUploads(ownerId: string) {
    const waiting = await repo.unattachedUploads(ownerId);
    const cutoff = now().getTime() - UNATTACHED_UPLOAD_TTL_MS;
    const stale = waiting.filter((u) => Date.parse(u.createdAt) < cutoff);
    if (stale.length > 0) {
      await repo.deleteUploads(stale.map((u) => u.id));
      await Promise.all(
        stale.flatMap((u) => [deps.storage.delete(u.key), deps.storage.delete(u.thumbKey)]),
      );
    }
    return waiting.length - stale.length;
  }

  return {
    // Circles.

    async circles(request: { page: number; size: number; viewer: Viewer }) {
      const { list, total } = await repo.listCircles(request.page, request.size);
      const joined =
        request.viewer.kind === "user"
          ? await repo.memberOf(
              request.viewer.userId,
              list.map((c) => c.id),
            )
          : new Set<string>();
      const circles: Circle[] = list.map(({ key: _key, ...c }) => ({
        ...c,
        joined: joined.has(c.id),
      }));
      return page(circles, total, request.page, request.size);
    },

    /** A circle's page; `inviterId` is the member who shared it (group-share's userId). */
    async circle(request: {
      id: string;
      inviterId?: string | null;
      viewer: Viewer;
    }): Promise<CirclePage> {
      const { key: _key, ...circle } = await requireCircle(request.id);
      const { viewer, inviterId } = request;
      const [joined, inviterIsMember] = await Promise.all([
        viewer.kind === "user" ? repo.memberOf(viewer.userId, [circle.id]) : new Set<string>(),
        inviterId ? repo.memberOf(inviterId, [circle.id]) : new Set<string>(),
      ]);
      // Only a member's name is shown as inviting: a made-up userId shows no one.
      const inviter =
        inviterId && inviterIsMember.has(circle.id) ? await repo.accountName(inviterId) : undefined;
      return { ...circle, joined: joined.has(circle.id), inviter: inviter ?? null };
    },

    async myCircles(viewer: Viewer): Promise<Circle[]> {
      if (viewer.kind !== "user") return [];
      const list = await repo.joinedCircles(viewer.userId);
      return list.map(({ key: _key, ...c }) => ({ ...c, joined: true }));
    },

    async setMembership(request: {
      circleId: string;
      join: boolean;
      viewer: Viewer;
    }): Promise<Membership> {
      const user = accountOf(request.viewer, request.join ? "请先登录后再加入圈子" : undefined);
      await requireCircle(request.circleId);
      await limiter.spend(COMMUNITY_LIMITS.memberships, user.userId, TOO_FAST);
      await repo.setMember(request.circleId, user.userId, request.join);
      const circle = await requireCircle(request.circleId);
      return { joined: request.join, memberCount: circle.memberCount };
    },

    // Posts.

    async posts(request: {
      circleId?: string | undefined;
      topic?: string | undefined;
      authorId?: string | undefined;
      page: number;
      size: number;
      viewer: Viewer;
    }): Promise<PostList> {
      if (request.circleId) await requireCircle(request.circleId);
      const topic = request.topic ? topicKey(request.topic) : undefined;
      const { list, total } = await repo.listPosts(
        { circleId: request.circleId, topic, authorId: request.authorId, status: "visible" },
        request.page,
        request.size,
      );
      return page(await toPosts(list, request.viewer), total, request.page, request.size);
    },

    /** A topic's name as first written, for its page's title. */
    async topicName(topic: string): Promise<string> {
      return (await repo.topicName(topicKey(topic))) ?? topic.trim();
    },

    /** One post; reading it counts a view unless `countView` is false. */
    async post(request: { id: string; viewer: Viewer; countView?: boolean }): Promise<Post> {
      const row = await requireVisiblePost(request.id, request.viewer);
      if (request.countView !== false && row.status === "visible") deps.views.add(row.id);
      const [post] = await toPosts([row], request.viewer);
      return post as Post;
    },

    /** Counts a view of a post served without its loader (the page cache). */
    countView(id: string) {
      deps.views.add(id);
    },

    async createPost(request: {
      circleId: string;
      text: string;
      imageIds: string[];
      viewer: Viewer;
    }): Promise<Post> {
      const user = accountOf(request.viewer, "请先登录后再发帖");
      const circle = await requireCircle(request.circleId);
      const member = await repo.memberOf(user.userId, [circle.id]);
      if (!member.has(circle.id)) throw new ServiceError(403, "请先加入圈子再发帖");
      const imageIds = [...new Set(request.imageIds)];
      if (imageIds.length > POST_IMAGE_MAX)
        throw new BadRequestError(`一条帖子至多 ${POST_IMAGE_MAX} 张图片`);
      const body = cleanBody(request.text);
      const length = textLength(body.text);
      if (length > POST_TEXT_LIMIT)
        throw new BadRequestError(
          `正文过长：至多 ${POST_TEXT_LIMIT / 2} 个汉字（${POST_TEXT_LIMIT} 个字符，汉字算两个），现在是 ${length}`,
        );
      if (!body.text && imageIds.length === 0)
        throw new BadRequestError("写点什么，或者配一张图片吧");
      await limiter.spend(COMMUNITY_LIMITS.postsShort, user.userId, "发帖太频繁了，请过几分钟再发");
      await limiter.spend(COMMUNITY_LIMITS.postsDay, user.userId, "今天发帖已达上限，明天再来吧");
      const inserted = await repo.insertPost({
        circleId: circle.id,
        authorId: user.userId,
        bodyHtml: body.html,
        bodyText: body.text,
        imageIds,
        topics: bodyTopics(body.html),
      });
      if ("missingImages" in inserted)
        throw new BadRequestError("有图片已失效或不属于你，请删除后重新上传");
      const row = await repo.postById(inserted.id);
      const [post] = await toPosts(row ? [row] : [], request.viewer);
      return post as Post;
    },

    async setLike(request: {
      postId: string;
      like: boolean;
      viewer: Viewer;
    }): Promise<PostLikeStatus> {
      const user = accountOf(request.viewer, "请先登录后再点赞");
      await requireVisiblePost(request.postId, request.viewer);
      await limiter.spend(COMMUNITY_LIMITS.likes, user.userId, TOO_FAST);
      const likeNum = await repo.setLike(request.postId, user.userId, request.like);
      return { liked: request.like, likeNum };
    },

    // Comments.

    async comments(request: {
      postId: string;
      page: number;
      size: number;
      viewer: Viewer;
    }): Promise<CommentList> {
      await requireVisiblePost(request.postId, request.viewer);
      const { list, total } = await repo.listComments(request.postId, request.page, request.size);
      const comments: Comment[] = list.map((c) => ({
        id: c.id,
        author: c.author,
        body: bodySegments(c.bodyHtml),
        createdAt: c.createdAt,
      }));
      return page(comments, total, request.page, request.size);
    },

    async addComment(request: { postId: string; text: string; viewer: Viewer }): Promise<Comment> {
      const user = accountOf(request.viewer, "请先登录后再评论");
      const post = await requireVisiblePost(request.postId, request.viewer);
      if (post.status !== "visible") throw new ServiceError(403, "帖子已被隐藏，不能评论");
      const body = cleanBody(request.text);
      if (!body.text) throw new BadRequestError("评论不能为空");
      const length = textLength(body.text);
      if (length > COMMENT_TEXT_LIMIT)
        throw new BadRequestError(
          `评论过长：至多 ${COMMENT_TEXT_LIMIT / 2} 个汉字（${COMMENT_TEXT_LIMIT} 个字符，汉字算两个），现在是 ${length}`,
        );
      await limiter.spend(COMMUNITY_LIMITS.comments, user.userId, "评论太频繁了，请稍后再试");
      const id = await repo.insertComment({
        postId: post.id,
        authorId: user.userId,
        bodyHtml: body.html,
        bodyText: body.text,
      });
      return {
        id,
        author: { id: user.userId, name: user.name, avatar: null },
        body: bodySegments(body.html),
        createdAt: new Date().toISOString(),
      };
    },

    // Reports and moderation.

    async report(request: {
      postId: string;
      reason: ReportReason;
      note?: string | undefined;
      viewer: Viewer;
    }) {
      const user = accountOf(request.viewer, "请先登录后再举报");
      const post = await requireVisiblePost(request.postId, request.viewer);
      if (post.author.id === user.userId) throw new BadRequestError("不能举报自己的帖子");
      if (!(request.reason in REPORT_REASONS)) throw new BadRequestError("请选择举报原因");
      await limiter.spend(COMMUNITY_LIMITS.reports, user.userId, "举报太频繁了，请稍后再试");
      const reported = await repo.insertReport({
        postId: post.id,
        reporterId: user.userId,
        reason: request.reason,
        note: request.note?.trim() || null,
      });
      return { reported: true, alreadyReported: !reported };
    },

    /** The moderation queue: reported posts (most recently reported first), hidden or recent. */
    async moderationQueue(request: {
      filter: "reported" | "hidden" | "recent";
      page: number;
      size: number;
      viewer: Viewer;
    }): Promise<ModerationQueue> {
      requireAdmin(request.viewer);
      const { list, total } = await repo.listPosts(
        request.filter === "reported"
          ? { reported: true }
          : request.filter === "hidden"
            ? { status: "hidden" }
            : {},
        request.page,
        request.size,
      );
      const ids = list.map((p) => p.id);
      const [posts, reasons, decisions] = await Promise.all([
        toPosts(list, request.viewer),
        repo.openReportReasons(ids),
        repo.lastModeration(ids),
      ]);
      const items = posts.map((post, i) => ({
        ...post,
        openReports: list[i]?.openReports ?? 0,
        reasons: reasons.get(post.id) ?? {},
        lastDecision: decisions.get(post.id) ?? null,
      }));
      return page(items, total, request.page, request.size);
    },

    async moderate(request: {
      postId: string;
      action: "hide" | "restore" | "keep";
      reason?: string | undefined;
      viewer: Viewer;
    }): Promise<{ status: "visible" | "hidden" }> {
      const admin = requireAdmin(request.viewer);
      const post = await repo.postById(request.postId);
      if (!post) throw new NotFoundError("帖子不存在或已被删除");
      await repo.moderate({
        postId: post.id,
        moderatorId: admin.userId,
        action: request.action,
        reason: request.reason?.trim() || null,
      });
      const status =
        request.action === "hide"
          ? "hidden"
          : request.action === "restore"
            ? "visible"
            : post.status;
      return { status: status === "hidden" ? "hidden" : "visible" };
    },

    // Images.

    /** Checks, re-encodes and stores an image for a post to come. */
    async uploadImage(request: { data: Buffer; viewer: Viewer }): Promise<PostImage> {
      const user = accountOf(request.viewer, "请先登录后再上传图片");
      await limiter.spend(COMMUNITY_LIMITS.uploads, user.userId, "上传太频繁了，请稍后再试");
      if ((await dropStaleUploads(user.userId)) >= UNATTACHED_UPLOAD_MAX)
        throw new ServiceError(429, "未发布的图片太多了，请先发布或稍后再试");
      const { image, thumb } = await checkImage(request.data);
      const id = newId();
      const key = `${STORAGE_PREFIX}${id}.${image.ext}`;
      const thumbKey = `${STORAGE_PREFIX}${id}.thumb.${thumb.ext}`;
      await deps.storage.put(key, image.data, image.contentType);
      await deps.storage.put(thumbKey, thumb.data, thumb.contentType);
      await repo.insertUpload({
        id,
        ownerId: user.userId,
        key,
        thumbKey,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      });
      return {
        id,
        url: mediaUrl(key),
        thumbUrl: mediaUrl(thumbKey),
        width: image.width,
        height: image.height,
      };
    },

    /** A stored image by its file name under COMMUNITY_MEDIA_PREFIX, or null. */
    async image(file: string): Promise<StoredObject | null> {
      return deps.storage.get(`${STORAGE_PREFIX}${file}`);
    },

    // Readers and activity.

    /** 大V: the readers who gave the community most (posts, and the likes and comments drawn). */
    async featuredReaders(limit: number): Promise<FeaturedReader[]> {
      const rows = await repo.activeAuthors(limit);
      return rows.map(({ lastPostAt: _last, ...r }) => r);
    },

    /**
     * Posts with their recent activity, for rankings (the boards of issue 16): the views, likes
     * and comments each visible post got from `since` (inclusive) to `until` (exclusive, now by
     * default), in total and per UTC day. Posts without any are left out; the busiest come first
     * (likes, then comments, then views, then the latest day), at most `limit`.
     */
    async listPostActivity(request: {
      since: Date;
      until?: Date;
      limit?: number;
      viewer?: Viewer;
    }): Promise<PostActivity[]> {
      const until = request.until ?? now();
      const limit = Math.min(Math.max(request.limit ?? 100, 1), 1000);
      await deps.views.flush();
      const rows = await repo.activitySince(request.since.toISOString(), until.toISOString());
      const byPost = new Map<string, Omit<PostActivity, "post">>();
      for (const r of rows) {
        const entry = byPost.get(r.postId) ?? {
          views: 0,
          likes: 0,
          comments: 0,
          lastActiveDay: "",
          days: [],
        };
        entry.views += r.views;
        entry.likes += r.likes;
        entry.comments += r.comments;
        if (r.day > entry.lastActiveDay) entry.lastActiveDay = r.day;
        entry.days.push({ day: r.day, views: r.views, likes: r.likes, comments: r.comments });
        byPost.set(r.postId, entry);
      }
      const ranked = [...byPost]
        .sort(
          ([, a], [, b]) =>
            b.likes - a.likes ||
            b.comments - a.comments ||
            b.views - a.views ||
            b.lastActiveDay.localeCompare(a.lastActiveDay),
        )
        .slice(0, limit);
      const rowsById = await repo.postsByIds(ranked.map(([id]) => id));
      const posts = await toPosts(
        ranked.map(([id]) => rowsById.get(id)).filter((r): r is PostRow => r !== undefined),
        request.viewer ?? { kind: "anonymous" },
      );
      const postById = new Map(posts.map((p) => [p.id, p]));
      return ranked.flatMap(([id, activity]) => {
        const post = postById.get(id);
        if (!post) return [];
        activity.days.sort((a, b) => a.day.localeCompare(b.day));
        return [{ post, ...activity }];
      });
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
