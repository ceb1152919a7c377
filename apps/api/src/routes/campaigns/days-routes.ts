import {
  calendarDayView,
  calendarQuery,
  changAnEventsView,
  dayGalleryView,
  dayKeyParams,
  pastEventsView,
  readBody,
  readingListView,
  readResultView,
  shareUnlockResult,
  shortReadsQuery,
  shortReadsView,
  unlockView,
} from "@tongjian/contracts/campaign-days";
import { chinaMonthDay, parseMonthDay } from "@tongjian/domain/campaign-days";
import { BadRequestError } from "@tongjian/services/service-error";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/**
 * The day pages (decision 47): a campaign's reading list or check-in route and marking an item
 * done (progress and rewards through the engine), share-to-unlock, and the content pages
 * 历史日历, 往事列表, 简读史, 中国风 and 长安大事.
 */
export function registerDayRoutes(app: TypedApp, { services, config }: AppDeps) {
  const days = services.days;

  app.get(
    "/api/m/days/calendar",
    {
      schema: {
        tags,
        summary: "历史日历：某一天（默认中国时间今天）发生的事",
        querystring: calendarQuery,
        response: replies(calendarDayView),
      },
    },
    async (request) => {
      const raw = request.query.day;
      const day = raw === undefined ? chinaMonthDay(new Date()) : parseMonthDay(raw);
      if (!day) throw new BadRequestError("没有这一天");
      return ok(await days.calendar(day));
    },
  );
  app.get(
    "/api/m/days/pastevents",
    {
      schema: { tags, summary: "往事列表：历史上的疫病与应对", response: replies(pastEventsView) },
    },
    async () => ok(await days.pastEvents()),
  );
  app.get(
    "/api/m/days/jds",
    {
      schema: {
        tags,
        summary: "简读史：历代政权的简短介绍（分页）",
        querystring: shortReadsQuery,
        response: replies(shortReadsView),
      },
    },
    async (request) => ok(await days.shortReads(request.query.page)),
  );
  app.get(
    "/api/m/days/gallery",
    { schema: { tags, summary: "中国风：画、书、乐、诗", response: replies(dayGalleryView) } },
    async () => ok(await days.gallery()),
  );
  app.get(
    "/api/m/days/changan-events",
    {
      schema: {
        tags,
        summary: "长安大事（语料中发生在长安一带的事件）",
        response: replies(changAnEventsView),
      },
    },
    async () => ok({ events: await days.changAnEvents() }),
  );
  app.get(
    "/api/m/days/:key/list",
    {
      schema: {
        tags,
        summary: "活动书单或打卡路线，以及我的进度",
        params: dayKeyParams,
        response: replies(readingListView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await days.readingList(request.params.key, request.viewer, device));
    },
  );
  app.post(
    "/api/m/days/:key/read",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "读完（或打卡、认领）书单中的一项，达到进度即得奖励（每人一次）",
        params: dayKeyParams,
        body: readBody,
        response: replies(readResultView),
      },
    },
    async (request, reply) => {
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await days.markDone(request.params.key, request.viewer, device, request.body.item));
    },
  );
  app.get(
    "/api/m/days/:key/unlock",
    {
      schema: {
        tags,
        summary: "分享解锁：未解锁时只有导语，分享后可读全文",
        params: dayKeyParams,
        response: replies(unlockView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await days.unlockView(request.params.key, request.viewer, device));
    },
  );
  app.post(
    "/api/m/days/:key/unlock",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "分享并解锁：记录分享，返回分享内容与解锁后的全文",
        params: dayKeyParams,
        response: replies(shareUnlockResult),
      },
    },
    async (request, reply) => {
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await days.shareToUnlock(request.params.key, request.viewer, device));
    },
  );
}
