import { PAINTING_FORMATS, PAINTING_SUBJECTS } from "@tongjian/domain/painting";
import { z } from "zod";
import { id, lang } from "./common.ts";

// Paintings and artists (issue 19):
//   GET /api/painting/{lang}                          the gallery: featured, counts per facet
//   GET /api/painting/{lang}/list?facet=&value=&page= paintings of a dynasty, subject or format
//   GET /api/painting/{lang}/board/{by}               paintings ranked by likes or views
//   GET /api/painting/{lang}/artists/board/{by}       artists ranked by their paintings' likes or views
//   GET /api/painting/{lang}/detail/{id}              one painting: facts, picture, linked entries
//   GET /api/painting/{lang}/artist/{id}              an artist (a person entry) with their paintings
//   GET /media/painting/{id}/{rev}/{level}/{x}_{y}.jpg a tile of the picture's pyramid
//   GET /media/painting/{id}/{rev}/preview.jpg        the whole picture, 1024 long (minimap)
//   GET /media/painting/{id}/{rev}/thumb.jpg          the whole picture, 360 long (lists)

export const paintingRef = z.object({ id: z.string(), kind: z.string(), name: z.string() });

export const paintingPicture = z.object({
  /** "stand-in": drawn by the server, labelled 示意; "scan": an imported scan of the work. */
  source: z.enum(["stand-in", "scan"]),
  width: z.number().int(),
  height: z.number().int(),
  tileSize: z.number().int(),
  levels: z.number().int(),
  /** The path before "/{level}/{x}_{y}.jpg" and "/preview.jpg". */
  base: z.string(),
  licence: z.string().optional(),
  credit: z.string().optional(),
});
export type PaintingPicture = z.infer<typeof paintingPicture>;

export const paintingCard = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  artists: z.array(paintingRef),
  attribution: z.string().optional(),
  dynasty: z.string(),
  dynastySlug: z.string(),
  medium: z.string(),
  format: z.enum(PAINTING_FORMATS),
  subject: z.enum(PAINTING_SUBJECTS),
  size: z.object({ width: z.number(), height: z.number() }),
  holder: z.string(),
  /** The whole picture, at most 1024 pixels long (the viewer's base and minimap). */
  preview: z.string(),
  /** A small picture for lists: the whole picture at most 360 pixels long, or a long scroll's right end at 360 × 180. */
  thumb: z.string(),
  likeNum: z.number().int(),
  viewNum: z.number().int(),
});
export type PaintingCard = z.infer<typeof paintingCard>;

export const paintingDetail = paintingCard.extend({
  /** The work's entry (/detail/{entryId}): likes and views are the entry's. */
  entryId: z.string(),
  description: z.string(),
  era: z.string().optional(),
  form: z.string().optional(),
  regime: paintingRef.optional(),
  creatorRoles: z.array(z.object({ id: z.string(), role: z.string() })),
  about: z.array(paintingRef),
  sources: z.array(z.string()),
  picture: paintingPicture,
  /** Other paintings by its artists. */
  more: z.array(paintingCard),
});
export type PaintingDetail = z.infer<typeof paintingDetail>;

export const facetCount = z.object({ slug: z.string(), label: z.string(), count: z.number() });
export const paintingGallery = z.object({
  total: z.number().int(),
  featured: z.array(paintingCard),
  dynasties: z.array(facetCount),
  subjects: z.array(facetCount),
  formats: z.array(facetCount),
  artistCount: z.number().int(),
});
export type PaintingGallery = z.infer<typeof paintingGallery>;

export const paintingFacet = z.enum(["all", "dynasty", "subject", "format"], {
  error: "分类只能是 all、dynasty、subject 或 format",
});
export const paintingListQuery = z.object({
  facet: paintingFacet.default("all"),
  value: z.string().max(20, "分类值过长").optional(),
  page: z.coerce
    .number({ error: "页码应为数字" })
    .int()
    .min(1, "页码从 1 开始")
    .max(100)
    .default(1),
});
export const paintingList = z.object({
  label: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(paintingCard),
});
export type PaintingList = z.infer<typeof paintingList>;

export const boardBy = z.enum(["likes", "views"], { error: "榜单只能按 likes 或 views 排行" });
export const boardParams = z.object({ lang, by: boardBy });
export const paintingBoard = z.object({
  by: boardBy,
  list: z.array(paintingCard.extend({ rank: z.number().int(), score: z.number().int() })),
});
export type PaintingBoard = z.infer<typeof paintingBoard>;

export const artistCard = z.object({
  id: z.string(),
  name: z.string(),
  dynasty: z.string(),
  life: z.string().optional(),
  paintingCount: z.number().int(),
  likeNum: z.number().int(),
  viewNum: z.number().int(),
  preview: z.string().optional(),
});
export type ArtistCard = z.infer<typeof artistCard>;
export const artistBoard = z.object({
  by: boardBy,
  list: z.array(artistCard.extend({ rank: z.number().int(), score: z.number().int() })),
});
export type ArtistBoard = z.infer<typeof artistBoard>;

export const artistDetail = artistCard.extend({
  summary: z.string(),
  aliases: z.array(z.string()),
  paintings: z.array(paintingCard),
});
export type ArtistDetail = z.infer<typeof artistDetail>;

export const paintingParams = z.object({ lang, id });
export const paintingLangParams = z.object({ lang });

export const tileParams = z.object({
  id,
  rev: z.string().regex(/^[a-z0-9-]{1,40}$/, "版本号格式不对"),
  level: z.coerce.number({ error: "层级应为数字" }).int().min(0).max(20),
  tile: z
    .string()
    .regex(/^\d{1,4}_\d{1,4}\.jpg$/, "瓦片地址应为 x_y.jpg")
    .transform((t) => t.slice(0, -4).split("_").map(Number) as [number, number]),
});
/** A painting's current picture, without its version (article cards): redirects to it. */
export const currentPictureParams = z.object({
  id,
  file: z.enum(["preview.jpg", "thumb.jpg"], { error: "图像只有 preview.jpg 与 thumb.jpg" }),
});

export const previewParams = z.object({
  id,
  rev: z.string().regex(/^[a-z0-9-]{1,40}$/, "版本号格式不对"),
  file: z.enum(["preview.jpg", "thumb.jpg"], { error: "图像只有 preview.jpg 与 thumb.jpg" }),
});
