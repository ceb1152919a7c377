import {
  EXCHANGE_CODE_FORMAT_MESSAGE,
  isExchangeCodeShape,
  normalizeExchangeCode,
  PANORAMA_EDITIONS,
  PANORAMA_IMAGE_WIDTH_DEFAULT,
  PANORAMA_IMAGE_WIDTHS,
} from "@tongjian/domain/panorama";
import { z } from "zod";
import { lang } from "./common.ts";
import { entryCard } from "./content.ts";

// Panoramas (/panorama, /panorama2022; issue 18 §5):
//   GET  /api/panorama/{lang}/{edition}              the edition: preface and scenes (with access)
//   GET  /api/panorama/{lang}/{edition}/people        the scenes' people, per scene
//   GET  /api/panorama/{lang}/{edition}/book          the scenes' books and works, per scene
//   GET  /api/panorama/{lang}/scene/{key}             one scene: hotspots, picture (when open)
//   GET  /media/panorama/{key}.jpg?w=             the scene's picture (equirectangular)
//   GET  /media/panorama/thumb/{key}.jpg                its small picture (blurred while locked)
//   POST /api/panorama/y/redeem  { code }             spends an exchange code (login, CSRF)

export const panoramaEdition = z.enum(PANORAMA_EDITIONS, {
  error: "全景版本只能是 panorama 或 panorama2022",
});

export const sceneKey = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "场景键只能由小写字母、数字和连字符组成")
  .max(60, "场景键过长");

export const editionParams = z.object({ lang, edition: panoramaEdition });
export const sceneParams = z.object({ lang, key: sceneKey });
export const imageParams = z.object({
  file: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.jpg$/, "图片地址应为 场景键.jpg")
    .transform((file) => file.slice(0, -4)),
});
export const imageQuery = z.object({
  w: z.coerce
    .number({ error: "宽度应为数字" })
    .refine(
      (w): w is (typeof PANORAMA_IMAGE_WIDTHS)[number] =>
        (PANORAMA_IMAGE_WIDTHS as readonly number[]).includes(w),
      `宽度只能是 ${PANORAMA_IMAGE_WIDTHS.join("、")}`,
    )
    .default(PANORAMA_IMAGE_WIDTH_DEFAULT),
});

/** Whether the reader may look at a scene: open to all, unlocked by a code, or still locked. */
export const sceneAccess = z.enum(["open", "unlocked", "locked"]);
export type SceneAccess = z.infer<typeof sceneAccess>;

export const entryRef = z.object({ id: z.string(), kind: z.string(), name: z.string() });

export const sceneSummary = z.object({
  key: z.string(),
  edition: panoramaEdition,
  name: z.string(),
  era: z.string(),
  year: z.number().int(),
  summary: z.string(),
  viewpoint: z.string(),
  place: entryRef,
  locked: z.boolean(),
  access: sceneAccess,
  thumbUrl: z.string(),
});
export type SceneSummary = z.infer<typeof sceneSummary>;

export const panoramaEditionView = z.object({
  key: panoramaEdition,
  title: z.string(),
  tagline: z.string(),
  preface: z.array(z.string()),
  scenes: z.array(sceneSummary),
  /** Whether the reader is signed in with an account (codes are tied to one). */
  signedIn: z.boolean(),
});
export type PanoramaEditionView = z.infer<typeof panoramaEditionView>;

export const sceneHotspot = z.object({
  /** Stable within the scene: its place in the content file's list. */
  id: z.string(),
  label: z.string(),
  note: z.string(),
  yaw: z.number(),
  pitch: z.number(),
  entry: entryRef,
});
export type SceneHotspot = z.infer<typeof sceneHotspot>;

export const sceneDetail = sceneSummary.extend({
  intro: z.array(z.string()),
  /** The picture, null while the scene is locked for this reader. */
  imageUrl: z.string().nullable(),
  /** Hotspots, empty while locked. */
  hotspots: z.array(sceneHotspot),
  /** The other scenes of its edition, for the switcher. */
  siblings: z.array(sceneSummary.pick({ key: true, name: true, access: true })),
});
export type SceneDetail = z.infer<typeof sceneDetail>;

/** The people or the books of one scene. */
export const sceneEntries = z.object({
  scene: sceneSummary.pick({ key: true, name: true, era: true, access: true }),
  entries: z.array(entryCard),
});

export const panoramaEntryLists = z.object({
  edition: panoramaEdition,
  title: z.string(),
  groups: z.array(sceneEntries),
});
export type PanoramaEntryLists = z.infer<typeof panoramaEntryLists>;

/** An exchange code as typed: any case, spaces and dashes allowed; checked for its shape here. */
export const exchangeCodeInput = z
  .string({ error: "请输入兑换码" })
  .trim()
  .min(1, "请输入兑换码")
  .max(40, EXCHANGE_CODE_FORMAT_MESSAGE)
  .transform(normalizeExchangeCode)
  .refine(isExchangeCodeShape, EXCHANGE_CODE_FORMAT_MESSAGE);

export const redeemBody = z.object({ code: exchangeCodeInput });

export const redeemResult = z.object({
  /** What the code unlocked: one scene or a whole edition. */
  scope: z.object({
    kind: z.enum(["scene", "edition"]),
    edition: panoramaEdition,
    /** The scene's key, or null for a whole edition. */
    sceneKey: z.string().nullable(),
    title: z.string(),
  }),
  /** The scenes now open to the reader by this code. */
  scenes: z.array(sceneSummary.pick({ key: true, name: true, edition: true })),
  message: z.string(),
});
export type RedeemResult = z.infer<typeof redeemResult>;
