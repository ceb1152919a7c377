import {
  ladderParams,
  ladderSummary,
  ladderView,
  levelCard,
  levelParams,
  levelView,
  mergeBody,
  mergeResult,
  pointsView,
  practiceDetail,
  practiceParams,
  practiceResult,
  practiceStart,
  practiceSummary,
  questionHistory,
  questionParams,
  reviewCard,
  reviewHome,
  reviewResult,
  reviewStart,
  reviewSubmitBody,
  submitBody,
} from "@tongjian/contracts/ladder";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["天梯与错题复习"];

/**
 * The ladders (天梯): levels, lessons, practice marked on the server, progress and 积分; the
 * review list of wrong answers (FSRS) and the practice records (/learnrecord).
 */
export function registerLadderRoutes(app: TypedApp, { services }: AppDeps) {
  const { ladders, reviews } = services;
  const privateReply = (reply: { header: (k: string, v: string) => unknown }) =>
    reply.header("cache-control", "private, no-store");

  app.get(
    "/api/ladder/n/ladders",
    {
      schema: {
        tags,
        summary: "全部天梯及读者在每条天梯上的进度（未登录时进度为空）",
        response: replies(z.array(ladderSummary)),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await ladders.list(request.viewer));
    },
  );

  app.get(
    "/api/ladder/n/ladder/:ladder",
    {
      schema: {
        tags,
        summary: "一条天梯：各关的开通、解锁、星级与积分",
        params: ladderParams,
        response: replies(ladderView),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await ladders.ladder(request.viewer, request.params.ladder));
    },
  );

  app.get(
    "/api/ladder/n/samples",
    {
      schema: {
        tags,
        summary: "各条天梯的试学关卡（人人可学）",
        response: replies(z.array(z.object({ ladder: ladderSummary, levels: z.array(levelCard) }))),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await ladders.samples(request.viewer));
    },
  );

  app.get(
    "/api/ladder/n/level/:level",
    {
      schema: {
        tags,
        summary: "一关：知识点课文、阅读篇目与读者的进度（未开通的关卡也可看内容）",
        params: levelParams,
        response: replies(levelView),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await ladders.level(request.viewer, request.params.level));
    },
  );

  app.post(
    "/api/ladder/n/level/:level/start",
    {
      schema: {
        tags,
        summary: "开始一关的练习：题目不含答案；已登录时开一次练习（未开通 403，未解锁 403）",
        params: levelParams,
        response: replies(practiceStart),
      },
    },
    async (request) => ok(await ladders.start(request.viewer, request.params.level)),
  );

  app.post(
    "/api/ladder/n/level/:level/submit",
    {
      schema: {
        tags,
        summary:
          "交卷：服务器判分，60% 过关解锁下一关，错题进入复习；已登录记进度与积分，未登录返回签名凭据存于设备",
        params: levelParams,
        body: submitBody,
        response: replies(practiceResult),
      },
    },
    async (request) => ok(await ladders.submit(request.viewer, request.params.level, request.body)),
  );

  app.post(
    "/api/ladder/y/merge",
    {
      schema: {
        tags,
        summary: "登录后合并设备上的试学记录（只认服务器签发且未用过的凭据）",
        body: mergeBody,
        response: replies(mergeResult),
      },
    },
    async (request) => ok(await ladders.merge(request.viewer, request.body.receipts)),
  );

  app.get(
    "/api/ladder/y/points",
    {
      schema: {
        tags,
        summary: "读者的积分：各关积分、本周与今日所得、积分明细（新的在前）",
        response: replies(pointsView),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await ladders.points(request.viewer));
    },
  );

  app.get(
    "/api/ladder/y/history",
    {
      schema: {
        tags,
        summary: "读者的天梯练习记录（新的在前）",
        response: replies(z.array(practiceSummary)),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await reviews.sessions(request.viewer, "ladder"));
    },
  );

  app.get(
    "/api/review/y/home",
    {
      schema: {
        tags,
        summary: "错题复习：到期的题、错题总数与复习记录",
        response: replies(reviewHome),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await reviews.home(request.viewer));
    },
  );

  app.get(
    "/api/review/y/cards",
    {
      schema: {
        tags,
        summary: "错题本：全部错题及下次复习时间",
        response: replies(z.array(reviewCard)),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await reviews.cards(request.viewer));
    },
  );

  app.post(
    "/api/review/y/start",
    {
      schema: {
        tags,
        summary: "开始一轮复习：到期的错题（不含答案）；没有到期的题时 400",
        response: replies(reviewStart),
      },
    },
    async (request) => ok(await reviews.start(request.viewer)),
  );

  app.post(
    "/api/review/y/practice/:id/submit",
    {
      schema: {
        tags,
        summary: "交一轮复习：服务器判分，答对记 Good、答错记 Again 重新排期",
        params: practiceParams,
        body: reviewSubmitBody,
        response: replies(reviewResult),
      },
    },
    async (request) =>
      ok(await reviews.submit(request.viewer, request.params.id, request.body.answers)),
  );

  app.get(
    "/api/review/y/practice/:id",
    {
      schema: {
        tags,
        summary: "一次练习（天梯或复习）的作答与解析",
        params: practiceParams,
        response: replies(practiceDetail),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await reviews.practice(request.viewer, request.params.id));
    },
  );

  app.get(
    "/api/review/y/question/:id",
    {
      schema: {
        tags,
        summary: "读者做过的一道题：答案、解析、作答历史与复习卡片",
        params: questionParams,
        response: replies(questionHistory),
      },
    },
    async (request, reply) => {
      privateReply(reply);
      return ok(await reviews.question(request.viewer, request.params.id));
    },
  );
}
