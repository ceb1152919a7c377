import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type DayContent, EMPTY_DAY_CONTENT, parseDayRef } from "@tongjian/domain/campaign-days";
import { isValidYear } from "@tongjian/domain/year-format";
import { z } from "zod";
import { CAMPAIGNS_DIR } from "./campaign-content.ts";
import { type KeyedFileIssue, parseKeyedFile } from "./keyed-file.ts";

/**
 * The files behind the day pages (decision 47; docs/content-format.md "Day pages"): a campaign's
 * reading list or check-in route (content/campaigns/<key>/list.yaml), the piece a share unlocks
 * (unlock.yaml), and content/days/ — dated happenings for 历史日历 (calendar.yaml), epidemics and
 * how they were fought for 往事列表 (epidemics.yaml) and the 中国风 gallery (gallery.yaml).
 */
export const DAYS_DIR = "days";

const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "键只能含小写字母、数字与短横线");
const ref = z
  .string()
  .refine((r) => parseDayRef(r) !== null, "引用形如 entry:键、article:键、book:键 或 music:键");
const text = (min: number, max: number) => z.string().trim().min(min).max(max);
const date = z
  .strictObject({
    year: z.number().int().refine(isValidYear, "年份不能为 0"),
    approx: z.boolean().optional(),
    month: z.number().int().min(1).max(12).optional(),
    day: z.number().int().min(1).max(31).optional(),
  })
  .refine((d) => d.day === undefined || d.month !== undefined, "有日须有月");

const listSchema = z.strictObject({
  title: text(2, 30),
  intro: text(10, 400),
  verb: text(1, 4).default("读完"),
  notice: text(10, 300).optional(),
  items: z
    .array(z.strictObject({ key, ref, note: text(6, 200) }))
    .min(3)
    .max(30),
});

const unlockSchema = z.strictObject({
  title: text(2, 30),
  teaser: text(10, 200),
  ref,
  paragraphs: z.array(text(20, 600)).min(2).max(12),
});

const eventSchema = z.strictObject({
  key,
  title: text(2, 40),
  start: date,
  end: date.optional(),
  places: z.array(text(2, 40)).default([]),
  measures: z.array(text(4, 200)).default([]),
  summary: text(30, 400),
  refs: z.array(ref).default([]),
  dateNote: text(4, 120).optional(),
});
const eventsSchema = z.strictObject({ events: z.array(eventSchema).min(1) });

const gallerySchema = z.strictObject({
  sections: z
    .array(
      z.strictObject({
        key,
        title: text(2, 20),
        intro: text(10, 300),
        items: z.array(z.strictObject({ ref, note: text(4, 160) })).min(2),
      }),
    )
    .min(1),
});

function read<S extends z.ZodType>(
  root: string,
  file: string,
  schema: S,
  issues: KeyedFileIssue[],
): z.infer<S> | null {
  const path = join(root, file);
  if (!existsSync(path)) return null;
  return parseKeyedFile(readFileSync(path, "utf8"), schema, file, issues);
}

function checkKeys(file: string, keys: string[], issues: KeyedFileIssue[]) {
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k)) issues.push({ file, record: k, field: "key", message: "键重复" });
    seen.add(k);
  }
}

function checkOrder(file: string, events: DayContent["epidemics"], issues: KeyedFileIssue[]) {
  for (const e of events)
    if (e.end && e.end.year < e.start.year)
      issues.push({ file, record: e.key, field: "end", message: "结束年份早于开始年份" });
}

/** Every day page's file, checked; problems go to `issues` and that file is left out. */
export function loadDayContent(root: string, issues: KeyedFileIssue[] = []): DayContent {
  const content: DayContent = structuredClone(EMPTY_DAY_CONTENT);
  const campaigns = join(root, CAMPAIGNS_DIR);
  if (existsSync(campaigns)) {
    for (const name of readdirSync(campaigns).sort()) {
      const list = read(root, `${CAMPAIGNS_DIR}/${name}/list.yaml`, listSchema, issues);
      if (list) {
        checkKeys(
          `${CAMPAIGNS_DIR}/${name}/list.yaml`,
          list.items.map((i) => i.key),
          issues,
        );
        content.lists[name] = list;
      }
      const unlock = read(root, `${CAMPAIGNS_DIR}/${name}/unlock.yaml`, unlockSchema, issues);
      if (unlock) content.unlocks[name] = unlock;
    }
  }
  const calendar = read(root, `${DAYS_DIR}/calendar.yaml`, eventsSchema, issues);
  if (calendar) {
    const file = `${DAYS_DIR}/calendar.yaml`;
    checkKeys(
      file,
      calendar.events.map((e) => e.key),
      issues,
    );
    for (const e of calendar.events)
      if (e.start.day === undefined)
        issues.push({ file, record: e.key, field: "start", message: "日历条目须写月和日" });
    content.calendar = calendar.events;
  }
  const epidemics = read(root, `${DAYS_DIR}/epidemics.yaml`, eventsSchema, issues);
  if (epidemics) {
    const file = `${DAYS_DIR}/epidemics.yaml`;
    checkKeys(
      file,
      epidemics.events.map((e) => e.key),
      issues,
    );
    checkOrder(file, epidemics.events, issues);
    content.epidemics = epidemics.events;
  }
  const gallery = read(root, `${DAYS_DIR}/gallery.yaml`, gallerySchema, issues);
  if (gallery) content.gallery = gallery.sections;
  return content;
}
