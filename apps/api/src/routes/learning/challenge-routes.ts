import {
  answerBody,
  answerResult,
  challengeOverview,
  challengeRanking,
  kindParams,
  rankingQuery,
  rewardParams,
  rewardView,
  roundParams,
  roundResult,
  roundView,
  startBody,
  studyRanking,
  studyRankingQuery,
} from "@tongjian/contracts/challenges";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["学习：挑战与排行"];

/**
 * The challenges (天梯挑战 /ladderchallenge, 文史挑战 /wenshichallenge, 文史答题 /wenshianswer):
 * server-timed rounds, their results, rankings and rewards; and the weekly study ranking.
 */
export function registerChallengeRoutes(app: TypedApp, { services }: AppDeps) {
  const { challenges } = services;

  app.get(
    "/api/learning/challenges/:kind",
    {
      schema: {
        tags,
        summary: "挑战首页：规则、读者各期最好成绩与名次、今日轮数、未完成的一轮",
        params: kindParams,
        response: replies(challengeOverview),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await challenges.overview(request.viewer, request.params.kind));
    },
  );

  app.post(
    "/api/learning/challenges/:kind/rounds",
    {
      schema: {
        tags,
        summary: "开始一轮挑战（需登录）：服务器出题并开始计时；天梯挑战需选学段，文史答题每天一次",
        params: kindParams,
        body: startBody,
        response: replies(roundView),
      },
    },
    async (request) =>
      ok(await challenges.start(request.viewer, request.params.kind, request.body.grade)),
  );

  app.get(
    "/api/learning/challenges/:kind/ranking",
    {
      schema: {
        tags,
        summary: "挑战排行：今日、本周或总榜，按每人当期最好成绩；附读者自己的名次",
        params: kindParams,
        querystring: rankingQuery,
        response: replies(challengeRanking),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(
        await challenges.ranking(request.viewer, request.params.kind, request.query.period),
      );
    },
  );

  app.get(
    "/api/learning/challenges/:kind/rewards",
    {
      schema: {
        tags,
        summary: "读者在这项挑战中获得的奖励（需登录）",
        params: kindParams,
        response: replies(z.array(rewardView)),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await challenges.rewards(request.viewer, request.params.kind));
    },
  );

  app.get(
    "/api/learning/challenge-rounds/:roundId",
    {
      schema: {
        tags,
        summary: "一轮挑战的当前状态：服务器时间、剩余毫秒与当前题目（不含答案；需登录）",
        params: roundParams,
        response: replies(roundView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await challenges.round(request.viewer, request.params.roundId));
    },
  );

  app.post(
    "/api/learning/challenge-rounds/:roundId/answers",
    {
      schema: {
        tags,
        summary: "回答当前题目（需登录）：按服务器时间判定是否超时，每题只能答一次",
        params: roundParams,
        body: answerBody,
        response: replies(answerResult),
      },
    },
    async (request) =>
      ok(await challenges.answer(request.viewer, request.params.roundId, request.body)),
  );

  app.post(
    "/api/learning/challenge-rounds/:roundId/finish",
    {
      schema: {
        tags,
        summary: "提前结束本轮（需登录），返回成绩",
        params: roundParams,
        response: replies(roundResult),
      },
    },
    async (request) => ok(await challenges.finish(request.viewer, request.params.roundId)),
  );

  app.get(
    "/api/learning/challenge-rounds/:roundId/result",
    {
      schema: {
        tags,
        summary: "一轮挑战的成绩：得分、用时、每题的正确答案与解析、排行名次与奖励（需登录）",
        params: roundParams,
        response: replies(roundResult),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await challenges.result(request.viewer, request.params.roundId));
    },
  );

  app.post(
    "/api/learning/challenge-rewards/:rewardId/claim",
    {
      schema: {
        tags,
        summary: "领取挑战奖励（需登录）：记为已领取，由会员与补签卡服务兑现",
        params: rewardParams,
        response: replies(rewardView),
      },
    },
    async (request) => ok(await challenges.claim(request.viewer, request.params.rewardId)),
  );

  app.get(
    "/api/learning/study-ranking",
    {
      schema: {
        tags,
        summary: "学习排行：本周（北京时间周一至周日）学习时长或答题数，附读者自己的名次",
        querystring: studyRankingQuery,
        response: replies(studyRanking),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await challenges.studyRanking(request.viewer, request.query.by));
    },
  );
}
