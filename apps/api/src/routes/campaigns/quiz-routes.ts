import {
  quizAnswerBody,
  quizAnswerResult,
  quizKeyParams,
  quizMyBest,
  quizOverview,
  quizResultView,
  quizRoundParams,
  quizRoundView,
} from "@tongjian/contracts/quiz";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/**
 * The quiz campaigns (decision 44): a quiz's page, starting a round (one participation of the
 * engine: schedule and per-day limit), the round's question now due, answers marked and timed on
 * the server, finishing, and the result with the reader's place. The ranking is the engine's
 * (`GET /api/m/campaign/:key/ranking`), so are sharing and invitations. Starting and finishing
 * a round are campaign writes (30 a minute per reader); answers and 下一题 are not: each can
 * happen once per question of a round the limit already let in, and a round of ten takes twenty.
 */
export function registerQuizRoutes(app: TypedApp, { services, config }: AppDeps) {
  const quiz = services.quiz;

  app.get(
    "/api/m/quiz/:key",
    {
      schema: {
        tags,
        summary: "答题活动：规则、题量与限时、参与人数、我的答题；已结束的一期附题目回顾",
        params: quizKeyParams,
        response: replies(quizOverview),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await quiz.overview(request.params.key, request.viewer, device));
    },
  );

  app.get(
    "/api/m/quiz/:key/best",
    {
      schema: {
        tags,
        summary: "我在答题活动中的最好成绩与排名（分享页）",
        params: quizKeyParams,
        response: replies(quizMyBest),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await quiz.myBest(request.params.key, request.viewer));
    },
  );

  app.post(
    "/api/m/quiz/:key/rounds",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "开始一轮答题（需登录；每天限次数，活动结束后 409）",
        params: quizKeyParams,
        response: replies(quizRoundView),
      },
    },
    async (request, reply) => {
      const device = campaignDevice(request, reply, config.auth.secureCookies);
      return ok(await quiz.start(request.params.key, request.viewer, device));
    },
  );

  app.get(
    "/api/m/quiz/rounds/:id",
    {
      schema: {
        tags,
        summary: "本轮答题：当前题目（不含答案）与服务器时钟",
        params: quizRoundParams,
        response: replies(quizRoundView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await quiz.round(request.viewer, request.params.id));
    },
  );

  app.post(
    "/api/m/quiz/rounds/:id/answer",
    {
      schema: {
        tags,
        summary: "回答当前题目：服务器判定对错与是否超时，每题只能答一次，返回解析",
        params: quizRoundParams,
        body: quizAnswerBody,
        response: replies(quizAnswerResult),
      },
    },
    async (request) => ok(await quiz.answer(request.viewer, request.params.id, request.body)),
  );

  app.post(
    "/api/m/quiz/rounds/:id/next",
    {
      schema: {
        tags,
        summary: "读完解析后进入下一题：下一题从此刻开始计时",
        params: quizRoundParams,
        response: replies(quizRoundView),
      },
    },
    async (request) => ok(await quiz.next(request.viewer, request.params.id)),
  );

  app.post(
    "/api/m/quiz/rounds/:id/finish",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "结束本轮答题，成绩进入排行榜",
        params: quizRoundParams,
        response: replies(quizResultView),
      },
    },
    async (request) => ok(await quiz.finish(request.viewer, request.params.id)),
  );

  app.get(
    "/api/m/quiz/rounds/:id/result",
    {
      schema: {
        tags,
        summary: "本轮成绩：每题的作答、正确答案与解析，我的排名",
        params: quizRoundParams,
        response: replies(quizResultView),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await quiz.result(request.viewer, request.params.id));
    },
  );
}
