import {
  placeHistoryData,
  timeMapOutlinesData,
  timeMapParams,
  timeMapPeopleData,
  timeMapPeopleQuery,
  timeMapPlaceParams,
  timeMapWorldData,
  timeMapWorldQuery,
  timeMapYearData,
  timeMapYearQuery,
  timeMapYearsData,
} from "@tongjian/contracts/time-map";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["时空地图"];
/** The base map changes only with a new build: a week in caches, then revalidated by its ETag. */
const BASE_CACHE = "public, max-age=604800";
/** A year's answer changes with the content (an import): a few minutes. */
const YEAR_CACHE = "public, max-age=300";

// The time map (issue 18; contract packages/contracts/src/time-map.ts).
export function registerTimeMapRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/timemap/:lang/base",
    {
      schema: {
        tags,
        summary:
          "时空地图的底图：今省级政区与周边国家（TopoJSON，对象 units 与 land；不套信封，长缓存，带 ETag）",
        params: timeMapParams,
      },
    },
    async (request, reply) => {
      const { body, etag } = services.timeMap.base();
      reply.header("etag", etag).header("cache-control", BASE_CACHE);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.header("content-type", "application/json; charset=utf-8").send(body);
    },
  );

  app.get(
    "/api/timemap/:lang/outlines",
    {
      schema: {
        tags,
        summary:
          "时空地图底图的轮廓：陆地、省界与国界，已在服务器上按地图投影画成 SVG 路径（长缓存，带 ETag）",
        params: timeMapParams,
        response: replies(timeMapOutlinesData),
      },
    },
    async (request, reply) => {
      const { data, etag } = services.timeMap.outlines();
      reply.header("etag", etag).header("cache-control", BASE_CACHE);
      if (request.headers["if-none-match"] === etag)
        return reply.status(304).send(undefined as never);
      return ok(data);
    },
  );

  app.get(
    "/api/timemap/:lang/year",
    {
      schema: {
        tags,
        summary:
          "某一年的地图：当年各政权的疆域（稳定的配色、标注点）、当年及前后若干年的事件、都城；超出范围的年份就近取值并说明",
        params: timeMapParams,
        querystring: timeMapYearQuery,
        response: replies(timeMapYearData),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", YEAR_CACHE);
      return ok(await services.timeMap.year(request.query));
    },
  );

  app.get(
    "/api/timemap/:lang/world",
    {
      schema: {
        tags,
        summary:
          "同期世界大事：某一年前后若干年（默认50年）的世界史事件（不属中国政权者），附地点坐标，离该年近者在前",
        params: timeMapParams,
        querystring: timeMapWorldQuery,
        response: replies(timeMapWorldData),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", YEAR_CACHE);
      return ok(await services.timeMap.world(request.query));
    },
  );

  app.get(
    "/api/timemap/:lang/people",
    {
      schema: {
        tags,
        summary: "某一年在世的人物（按知名度排列），附籍贯坐标",
        params: timeMapParams,
        querystring: timeMapPeopleQuery,
        response: replies(timeMapPeopleData),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", YEAR_CACHE);
      return ok(await services.timeMap.people(request.query));
    },
  );

  app.get(
    "/api/timemap/:lang/years",
    {
      schema: {
        tags,
        summary: "年份列表：重要年份及其说明（如 前221年 秦统一），供年份选择",
        params: timeMapParams,
        response: replies(timeMapYearsData),
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", YEAR_CACHE);
      return ok(await services.timeMap.years());
    },
  );

  app.get(
    "/api/timemap/:lang/place/:id",
    {
      schema: {
        tags,
        summary: "一个地点的古今：历代名称，以及按疆域判断的历代所属政权",
        params: timeMapPlaceParams,
        response: replies(placeHistoryData),
      },
    },
    async (request) => ok(await services.timeMap.place(request.params.id)),
  );
}
