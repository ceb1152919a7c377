import {
  answerBody,
  cardParams,
  examState,
  gradeHome,
  gradeList,
  gradeQuery,
  gradeTagBody,
  pretest,
  submitBody,
  testIdQuery,
  testReport,
  testSummary,
} from "@tongjian/contracts/depth-test";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["学习：深度测评"];
const BASE = "/api/m/special/deepexam/test";

/**
 * The depth test and the AI test (spec §7 deep-exam calls, issue 20, decision 28). `tag` is the
 * kind of test: depth (深度测评) or ai (AI 测评). Answers are saved one by one with `answer`;
 * `submit` finishes the test. Every call about a reader's test is private.
 */
export function registerDepthTestRoutes(app: TypedApp, { services }: AppDeps) {
  const { depthTests } = services;

  app.get(
    `${BASE}/listGrade`,
    {
      schema: {
        tags,
        summary: "可选的年级（各年级题量）与测评类型（tag：depth 深度测评、ai AI 测评）",
        response: replies(gradeList),
      },
    },
    async () => ok(await depthTests.listGrade()),
  );

  app.get(
    `${BASE}/home`,
    {
      schema: {
        tags,
        summary: "一个年级的测评首页：测评类型、题量，登录读者未完成与最近完成的测评",
        querystring: gradeQuery,
        response: replies(gradeHome),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await depthTests.home(request.viewer, request.query.grade));
    },
  );

  app.post(
    `${BASE}/pretest`,
    {
      schema: {
        tags,
        summary: "开始前的说明：题数、时限、题库量，以及可以继续的未完成测评",
        body: gradeTagBody,
        response: replies(pretest),
      },
    },
    async (request) =>
      ok(await depthTests.pretest(request.viewer, request.body.grade, request.body.tag)),
  );

  app.post(
    `${BASE}/create`,
    {
      schema: {
        tags,
        summary:
          "开始一份测评（需登录）：返回考试状态与第一题；已有同年级同类型未完成的测评时返回那一份",
        body: gradeTagBody,
        response: replies(examState),
      },
    },
    async (request) =>
      ok(await depthTests.create(request.viewer, request.body.grade, request.body.tag)),
  );

  app.post(
    `${BASE}/get`,
    {
      schema: {
        tags,
        summary: "同年级同类型未完成的测评（需登录；没有时为 null），用于继续作答",
        body: gradeTagBody,
        response: replies(examState.nullable()),
      },
    },
    async (request) =>
      ok(await depthTests.get(request.viewer, request.body.grade, request.body.tag)),
  );

  app.get(
    `${BASE}/exam`,
    {
      schema: {
        tags,
        summary: "一份测评的考试状态（需登录，只能看自己的）",
        querystring: testIdQuery,
        response: replies(examState),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await depthTests.exam(request.viewer, request.query.testId));
    },
  );

  app.post(
    `${BASE}/answer`,
    {
      schema: {
        tags,
        summary:
          "保存当前题的答案并取下一题（需登录；答案在服务器判分，交卷前不返回对错；每题只能答一次）",
        body: answerBody,
        response: replies(examState),
      },
    },
    async (request) => ok(await depthTests.answer(request.viewer, request.body)),
  );

  app.post(
    `${BASE}/submit`,
    {
      schema: {
        tags,
        summary:
          "交卷（需登录）：qaList 为尚未保存的答案，可为空；重复交卷、超时、不属于本测评的题目均被拒绝",
        body: submitBody,
        response: replies(testReport),
      },
    },
    async (request) => ok(await depthTests.submit(request.viewer, request.body)),
  );

  app.get(
    `${BASE}/report`,
    {
      schema: {
        tags,
        summary: "测评报告：得分、水平、各时代与主题的掌握度、同年级百分位与接下来要学的知识点",
        querystring: testIdQuery,
        response: replies(testReport),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await depthTests.report(request.viewer, request.query.testId));
    },
  );

  app.get(
    `${BASE}/mine`,
    {
      schema: {
        tags,
        summary: "我的测评（需登录）：未完成与已完成的，最新的在前",
        response: replies(z.array(testSummary)),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return ok(await depthTests.mine(request.viewer));
    },
  );

  app.get(
    "/media/depthtest/:file",
    {
      schema: {
        tags: ["媒体"],
        summary: "测评报告的分享卡片（PNG，服务器绘制；不含读者姓名）",
        params: cardParams,
      },
    },
    async (request, reply) => {
      const png = await depthTests.card(request.params.file.slice(0, 24));
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "public, max-age=600")
        .send(png);
    },
  );
}
