import { WORK_MOUNTS } from "@tongjian/domain/work-mounts";
import { z } from "zod";
import { lang } from "./common.ts";

// The 3D museum (/home/museum, issue 18 §4): its rooms by era and the paintings and calligraphy
// hung in each, GET /api/museum/{lang}/rooms. The floor plan is not part of the answer: clients
// compute it from the rooms (packages/domain/src/museum-layout.ts), the same for every client.

export const museumParams = z.object({ lang });

export const museumExhibit = z.object({
  /** The work's entry id: its page is /detail/{id}. */
  id: z.string(),
  name: z.string(),
  /** 绘画 or 书法. */
  category: z.string(),
  /** 画科 or 书体: 山水画, 行书 … */
  form: z.string().nullable(),
  mount: z.enum(WORK_MOUNTS).nullable(),
  /** Centimetres, 纵 × 横. */
  size: z.object({ height: z.number(), width: z.number() }).nullable(),
  /** Who made it, with their part where the record gives one: 顾恺之（传为原作者）. */
  artist: z.string().nullable(),
  /** The regime's name: 北宋. */
  dynasty: z.string().nullable(),
  timeDesc: z.string().nullable(),
  /** Where the original is kept (收藏). */
  holder: z.string().nullable(),
  /** The entry's summary, shortened for the sheet. */
  summary: z.string(),
});
export type MuseumExhibit = z.infer<typeof museumExhibit>;

export const museumRoom = z.object({
  /** Stable: xian-qin-han, wei-jin-tang, song-yuan, ming-qing, world. */
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  exhibits: z.array(museumExhibit),
});
export type MuseumRoom = z.infer<typeof museumRoom>;

/** Rooms in the order a visitor walks them (oldest first); rooms without exhibits are left out. */
export const museumData = z.object({
  rooms: z.array(museumRoom),
  exhibitCount: z.number().int(),
});
export type MuseumData = z.infer<typeof museumData>;
