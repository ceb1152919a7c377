import {
  cardQuery,
  chipDeck,
  chipParams,
  courseCatalogue,
  courseLesson,
  courseLessonParams,
  courseParams,
  courseView,
  entryPointsParams,
  knowlist,
  knowlistQuery,
  pointFilter,
  pointHub,
  pointList,
  pointPage,
  pointParams,
  practiceRound,
  qrQuery,
  roundAnswer,
  roundAnswerBody,
  roundBody,
  roundParams,
} from "@tongjian/contracts/knowledge-points";
import { pointCard } from "@tongjian/contracts/learning";
import { isOwnPath } from "@tongjian/domain/knowledge-points";
import { pointCardPng } from "@tongjian/services/learning/point-card.server";
import { BadRequestError } from "@tongjian/services/service-error";
import type { FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["知识点"];
const BASE = "/api/learning/n/knowledgepoint";

/** A QR code of one of our own pages, in black on white whatever the page's theme. */
export function qrSvgOf(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#000000", light: "#ffffff" },
  });
}

/** The knowledge points (知识点, issue 20): hub, lists, a point, practice, chips, courses, QR. */
export function registerKnowledgePointRoutes(app: TypedApp, { services, config }: AppDeps) {
  const kp = services.knowledgePoints;
  const origin = (request: FastifyRequest) =>
    config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const personal = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

  app.get(
    `${BASE}/hub`,
    {
      schema: {
        tags,
        summary:
          "知识点总览：按时代（时间线）与主题分组，可按年级筛选、按标题搜索；登录后附掌握情况",
        querystring: pointFilter,
        response: replies(pointHub),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.hub(request.viewer, request.query));
    },
  );

  app.get(
    `${BASE}/list`,
    {
      schema: {
        tags,
        summary: "知识点列表：按时代、主题、年级筛选",
        querystring: pointFilter,
        response: replies(pointList),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.list(request.viewer, request.query));
    },
  );

  app.get(
    `${BASE}/point/:id`,
    {
      schema: {
        tags,
        summary: "一个知识点：讲解、相关词条与文章、相关知识点；登录后附掌握情况（id 或 key）",
        params: pointParams,
        response: replies(pointPage),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.page(request.viewer, request.params.id));
    },
  );

  app.get(
    `${BASE}/entry/:entryId`,
    {
      schema: {
        tags,
        summary: "讲到某个词条的知识点（词条页的“相关知识点”）",
        params: entryPointsParams,
        response: replies(z.array(pointCard)),
      },
    },
    async (request) => ok(await kp.ofEntry(request.params.entryId)),
  );

  app.post(
    `${BASE}/round`,
    {
      schema: {
        tags,
        summary:
          "开始练习一个知识点：题目不带答案；登录读者的结果会记入掌握情况与学习记录，未登录不保存",
        body: roundBody,
        response: replies(practiceRound),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.startRound(request.viewer, request.body.point, request.body.grade));
    },
  );

  app.post(
    `${BASE}/round/:round/answer`,
    {
      schema: {
        tags,
        summary: "回答练习中的一道题：服务器判分，返回答案与解析；答完最后一题即结束本次练习",
        params: roundParams,
        body: roundAnswerBody,
        response: replies(roundAnswer),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.answer(request.viewer, request.params.round, request.body));
    },
  );

  app.get(
    `${BASE}/chips/:ref`,
    {
      schema: {
        tags,
        summary: "知识碎片：一个时代（时代名）或一个知识点（id 或 key）的一句一卡",
        params: chipParams,
        response: replies(chipDeck),
      },
    },
    async (request) => ok(await kp.chips(request.params.ref)),
  );

  app.get(
    "/api/learning/n/knowlist",
    {
      schema: {
        tags,
        summary: "知识清单：某年级各时代的知识点，登录后附掌握勾选",
        querystring: knowlistQuery,
        response: replies(knowlist),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.knowlist(request.viewer, request.query.grade));
    },
  );

  app.get(
    `${BASE}/courses`,
    {
      schema: {
        tags,
        summary: "知识点课程：按时代或专题，附知识点数、题数与免费试学数",
        response: replies(courseCatalogue),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.courses(request.viewer));
    },
  );

  app.get(
    `${BASE}/course/:key`,
    {
      schema: {
        tags,
        summary: "一门课程的大纲：前两个知识点免费试学，其余开通学习产品后可学",
        params: courseParams,
        response: replies(courseView),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.course(request.viewer, request.params.key));
    },
  );

  app.get(
    `${BASE}/course/:key/:id`,
    {
      schema: {
        tags,
        summary: "课程中的一课：未开通时只给标题与开通入口",
        params: courseLessonParams,
        response: replies(courseLesson),
      },
    },
    async (request, reply) => {
      personal(reply);
      return ok(await kp.courseLesson(request.viewer, request.params.key, request.params.id));
    },
  );

  app.get(
    "/media/learning/qr.svg",
    {
      schema: {
        tags,
        summary: "本站某个页面地址的二维码（SVG）；只接受本站路径",
        querystring: qrQuery,
      },
    },
    async (request, reply) => {
      const { path } = request.query;
      if (!isOwnPath(path)) throw new BadRequestError("二维码只能指向本站的页面");
      const svg = await qrSvgOf(new URL(path, origin(request)).toString());
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400");
      return reply.send(svg);
    },
  );

  app.get(
    "/media/learning/point/:id/card.png",
    {
      schema: {
        tags,
        summary:
          "知识点的分享卡片（PNG，750×1000，带指向知识点页的二维码）；给出 w 和 h 时裁成该尺寸的缩略图",
        params: pointParams,
        querystring: cardQuery,
      },
    },
    async (request, reply) => {
      const { point } = await kp.page({ kind: "anonymous" }, request.params.id);
      const url = new URL(`/knowledgepoint/details/${point.id}`, origin(request)).toString();
      const { w, h } = request.query;
      const size = w !== undefined && h !== undefined ? { w, h } : undefined;
      const png = await pointCardPng(point, await qrSvgOf(url), size);
      reply.header("content-type", "image/png").header("cache-control", "public, max-age=3600");
      return reply.send(png);
    },
  );
}
