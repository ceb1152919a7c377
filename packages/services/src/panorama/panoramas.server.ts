import { createHash, randomInt } from "node:crypto";
import type {
  PanoramaEditionView,
  PanoramaEntryLists,
  RedeemResult,
  SceneAccess,
  SceneDetail,
  SceneSummary,
} from "@tongjian/contracts/panorama";
import {
  EXCHANGE_CODE_ALPHABET,
  EXCHANGE_CODE_LENGTH,
  editionScope,
  isPanoramaEdition,
  type PanoramaEdition,
  type PanoramaFeature,
  type PanoramaImageWidth,
  type PanoramaPalette,
  type PanoramaScope,
  sceneScope,
} from "@tongjian/domain/panorama";
import type { Viewer } from "@tongjian/domain/viewer";
import type { AttemptLimit, AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { ForbiddenError, requireUser } from "../accounts/require-login.ts";
import { entryCard, parseJson } from "../content/content-views.ts";
import type { EntryRepository } from "../content/entry-repository.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { PanoramaRepository } from "./panorama-repository.ts";
import type { SceneImage, SceneImages } from "./scene-image.server.ts";

interface EntryRef {
  id: string;
  kind: string;
  name: string;
}

/** A scene's `data` column (content/panoramas.yaml, as seeded). */
interface SceneData {
  era: string;
  year: number;
  place: EntryRef;
  summary: string;
  intro: string[];
  viewpoint: string;
  palette: PanoramaPalette;
  features: PanoramaFeature[];
  hotspots: { entry: EntryRef; yaw: number; pitch: number; label: string; note: string }[];
  people: EntryRef[];
  books: EntryRef[];
}

interface SceneRecord extends SceneData {
  key: string;
  edition: PanoramaEdition;
  name: string;
  locked: boolean;
  updatedAt: string;
}

/** Failed redemptions an account may make before it must wait (guessing codes is slow). */
export const REDEEM_LIMIT: AttemptLimit = {
  name: "panorama-redeem:account",
  max: 8,
  windowSeconds: 15 * 60,
};
export const TOO_MANY_REDEEMS = "兑换码输错次数过多，请 15 分钟后再试";

export const SCENE_NOT_FOUND = "全景场景不存在";
export const SCENE_LOCKED = "该场景尚未解锁，请先兑换";

export class ExchangeCodeError extends ServiceError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = "ExchangeCodeError";
  }
}

const hashCode = (normalized: string) => createHash("sha256").update(normalized).digest("hex");

function toRecord(row: {
  key: string;
  edition: string;
  name: string;
  locked: number;
  data: string;
  updated_at: string;
}): SceneRecord | null {
  if (!isPanoramaEdition(row.edition)) return null;
  const data = parseJson<SceneData | null>(row.data, null);
  if (!data) return null;
  return {
    ...data,
    key: row.key,
    edition: row.edition,
    name: row.name,
    locked: row.locked === 1,
    updatedAt: row.updated_at,
  };
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

export function createPanoramaService(deps: {
  panoramas: PanoramaRepository;
  entries: Pick<EntryRepository, "findManyByIds">;
  images: SceneImages;
  limiter: AttemptLimiter;
  now?: () => Date;
}) {
  const { panoramas, limiter } = deps;
  const now = () => (deps.now ?? (() => new Date()))();

  async function scopesOf(viewer: Viewer): Promise<Set<string>> {
    return viewer.kind === "user" ? panoramas.unlockedScopes(viewer.userId) : new Set();
  }

  function accessOf(scene: SceneRecord, scopes: Set<string>): SceneAccess {
    if (!scene.locked) return "open";
    return scopes.has(sceneScope(scene.key)) || scopes.has(editionScope(scene.edition))
      ? "unlocked"
      : "locked";
  }

  function summary(scene: SceneRecord, access: SceneAccess): SceneSummary {
    return {
      key: scene.key,
      edition: scene.edition,
      name: scene.name,
      era: scene.era,
      year: scene.year,
      summary: scene.summary,
      viewpoint: scene.viewpoint,
      place: scene.place,
      locked: scene.locked,
      access,
      thumbUrl: `/media/panorama/thumb/${scene.key}.jpg?v=${encodeURIComponent(scene.updatedAt)}`,
    };
  }

  async function scenesOf(edition?: PanoramaEdition): Promise<SceneRecord[]> {
    return (await panoramas.scenes(edition)).flatMap((row) => toRecord(row) ?? []);
  }

  async function findScene(key: string): Promise<SceneRecord> {
    const row = await panoramas.scene(key);
    const scene = row ? toRecord(row) : null;
    if (!scene) throw new NotFoundError(SCENE_NOT_FOUND);
    return scene;
  }

  async function editionRow(edition: PanoramaEdition) {
    const row = (await panoramas.editions()).find((e) => e.key === edition);
    if (!row) throw new NotFoundError("该全景版本暂无内容");
    const data = parseJson<{ tagline: string; preface: string[] }>(row.data, {
      tagline: "",
      preface: [],
    });
    return { title: row.title, ...data };
  }

  async function entryLists(
    edition: PanoramaEdition,
    viewer: Viewer,
    pick: (scene: SceneRecord) => EntryRef[],
  ): Promise<PanoramaEntryLists> {
    const [meta, scenes, scopes] = await Promise.all([
      editionRow(edition),
      scenesOf(edition),
      scopesOf(viewer),
    ]);
    const ids = [...new Set(scenes.flatMap((s) => pick(s).map((e) => e.id)))];
    const rows = new Map((await deps.entries.findManyByIds(ids)).map((r) => [r.id, r]));
    return {
      edition,
      title: meta.title,
      groups: scenes.map((scene) => ({
        scene: {
          key: scene.key,
          name: scene.name,
          era: scene.era,
          access: accessOf(scene, scopes),
        },
        // An entry removed from the corpus since the scenes were seeded is left out.
        entries: pick(scene).flatMap((e) => {
          const row = rows.get(e.id);
          return row ? [entryCard(row)] : [];
        }),
      })),
    };
  }

  /** What a code's scope opens, in words and as scenes. */
  async function describeScope(scope: string) {
    const [kind, value = ""] = scope.split(":", 2) as [string, string?];
    if (kind === "edition" && isPanoramaEdition(value)) {
      const meta = await editionRow(value);
      const scenes = (await scenesOf(value)).filter((s) => s.locked);
      return {
        scope: { kind: "edition" as const, edition: value, sceneKey: null, title: meta.title },
        scenes,
      };
    }
    const scene = await findScene(value);
    return {
      scope: {
        kind: "scene" as const,
        edition: scene.edition,
        sceneKey: scene.key,
        title: scene.name,
      },
      scenes: [scene],
    };
  }

  return {
    async edition(edition: PanoramaEdition, viewer: Viewer): Promise<PanoramaEditionView> {
      const [meta, scenes, scopes] = await Promise.all([
        editionRow(edition),
        scenesOf(edition),
        scopesOf(viewer),
      ]);
      return {
        key: edition,
        title: meta.title,
        tagline: meta.tagline,
        preface: meta.preface,
        scenes: scenes.map((s) => summary(s, accessOf(s, scopes))),
        signedIn: viewer.kind === "user",
      };
    },

    async scene(key: string, viewer: Viewer): Promise<SceneDetail> {
      const scene = await findScene(key);
      const [scopes, siblings] = await Promise.all([scopesOf(viewer), scenesOf(scene.edition)]);
      const access = accessOf(scene, scopes);
      const open = access !== "locked";
      return {
        ...summary(scene, access),
        intro: scene.intro,
        imageUrl: open
          ? `/media/panorama/${scene.key}.jpg?v=${encodeURIComponent(scene.updatedAt)}`
          : null,
        hotspots: open
          ? scene.hotspots.map((h, i) => ({
              id: `${scene.key}-${i + 1}`,
              label: h.label,
              note: h.note,
              yaw: h.yaw,
              pitch: h.pitch,
              entry: h.entry,
            }))
          : [],
        siblings: siblings.map((s) => ({ key: s.key, name: s.name, access: accessOf(s, scopes) })),
      };
    },

    people(edition: PanoramaEdition, viewer: Viewer) {
      return entryLists(edition, viewer, (s) => s.people);
    },

    books(edition: PanoramaEdition, viewer: Viewer) {
      return entryLists(edition, viewer, (s) => s.books);
    },

    /** The scene's picture; a locked scene's only for a reader who has unlocked it. */
    async image(key: string, viewer: Viewer, width: PanoramaImageWidth): Promise<SceneImage> {
      const scene = await findScene(key);
      if (accessOf(scene, await scopesOf(viewer)) === "locked")
        throw new ForbiddenError(SCENE_LOCKED);
      return deps.images.get(scene, { width }, scene.updatedAt);
    },

    /** The small picture of a scene: blurred while the scene is locked (for everyone alike). */
    async thumb(key: string): Promise<SceneImage> {
      const scene = await findScene(key);
      return deps.images.get(scene, { thumb: true, blur: scene.locked }, scene.updatedAt);
    },

    /**
     * Spends an exchange code for the signed-in account (needs an account: codes are tied to
     * one). Failures count toward a limit per account; the code is checked on the server only.
     */
    async redeem(viewer: Viewer, normalizedCode: string): Promise<RedeemResult> {
      const user = requireUser(viewer, "请先登录，兑换码将绑定到你的账号");
      await limiter.check(REDEEM_LIMIT, user.userId, TOO_MANY_REDEEMS);
      const outcome = await panoramas.spend(
        hashCode(normalizedCode),
        user.userId,
        now().toISOString(),
      );
      if (outcome.kind !== "spent") {
        await limiter.fail(REDEEM_LIMIT, user.userId);
        if (outcome.kind === "unknown")
          throw new ExchangeCodeError(404, "兑换码不存在，请核对后重新输入");
        if (outcome.kind === "expired")
          throw new ExchangeCodeError(
            410,
            `兑换码已过期（有效期至 ${formatDate(outcome.expiresAt)}）`,
          );
        throw new ExchangeCodeError(
          409,
          outcome.byThisAccount ? "你已经用过这个兑换码，对应场景已解锁" : "兑换码已被使用",
        );
      }
      const { scope, scenes } = await describeScope(outcome.scope);
      return {
        scope,
        scenes: scenes.map((s) => ({ key: s.key, name: s.name, edition: s.edition })),
        message: `兑换成功：已解锁${scope.kind === "edition" ? `「${scope.title}」全部场景` : `「${scope.title}」`}`,
      };
    },

    /**
     * New codes for a scene or an edition (the admin command): answers them in plain text,
     * which is shown once; only their hashes are kept.
     */
    async createCodes(input: {
      count: number;
      scope: PanoramaScope;
      days: number;
      batch?: string;
    }): Promise<{ batch: string; expiresAt: string; codes: string[] }> {
      if (!Number.isInteger(input.count) || input.count < 1 || input.count > 10_000)
        throw new BadRequestError("数量应为 1 到 10000 之间的整数");
      if (!Number.isFinite(input.days) || input.days < 1 || input.days > 3650)
        throw new BadRequestError("有效天数应在 1 到 3650 之间");
      await describeScope(input.scope).catch(() => {
        throw new BadRequestError(`没有这个场景或版本：${input.scope}`);
      });
      const at = now();
      const expiresAt = new Date(at.getTime() + input.days * 86_400_000).toISOString();
      const batch = input.batch ?? `panorama-${at.toISOString().slice(0, 19).replace(/\D/g, "")}`;
      const codes = new Set<string>();
      while (codes.size < input.count) {
        let code = "";
        for (let i = 0; i < EXCHANGE_CODE_LENGTH; i++)
          code += EXCHANGE_CODE_ALPHABET[randomInt(EXCHANGE_CODE_ALPHABET.length)];
        codes.add(code);
      }
      const list = [...codes];
      await panoramas.insertCodes(
        list.map((code) => ({ hash: hashCode(code), scope: input.scope, batch, expiresAt })),
        at.toISOString(),
      );
      return { batch, expiresAt, codes: list };
    },
  };
}

export type PanoramaService = ReturnType<typeof createPanoramaService>;
