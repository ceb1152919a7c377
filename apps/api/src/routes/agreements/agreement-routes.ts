import {
  acceptanceList,
  acceptBody,
  agreementRegistryView,
  agreementStandingView,
  deleteAccountBody,
  deletedView,
  personalDataOverview,
} from "@tongjian/contracts/agreements";
import { chinaDay } from "@tongjian/domain/china-time";
import { ownerIdOf } from "@tongjian/domain/viewer";
import { requireSignedIn } from "@tongjian/services/accounts/require-login";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { endSession } from "../accounts/session-cookies.ts";
import { replies } from "../replies.ts";

const tags = ["协议与个人信息"];
const needsLogin = { needsLogin: true };

/**
 * Agreements and a reader's own data (issue 22, decision 40). Under /api/user/ so that in the
 * app webview they go with the webview's own session cookie (browser-api isSessionPath).
 */
export function registerAgreementRoutes(app: TypedApp, deps: AppDeps) {
  const { agreements, personalData, accounts } = deps.services;

  app.get(
    "/api/agreements",
    {
      schema: {
        tags,
        summary: "协议清单：每份协议的当前版本与生效日期",
        response: replies(agreementRegistryView),
      },
    },
    async () =>
      ok({
        list: agreements.registry().map((doc) => ({
          agreement: doc.key,
          title: doc.title,
          path: doc.path,
          version: doc.version,
          effectiveOn: doc.effectiveOn,
        })),
      }),
  );

  app.get(
    "/api/user/agreements",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "我对登录协议的同意情况；pending 为需要重新确认的新版本",
        response: replies(agreementStandingView),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await agreements.standing(request.viewer));
    },
  );

  app.post(
    "/api/user/agreements/accept",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "同意协议的当前版本（版本已过时答 409）",
        body: acceptBody,
        response: replies(agreementStandingView),
      },
    },
    async (request) => {
      await agreements.accept(request.viewer, request.body.agreements);
      return ok(await agreements.standing(request.viewer));
    },
  );

  app.get(
    "/api/user/agreements/history",
    {
      config: needsLogin,
      schema: { tags, summary: "我同意过的协议与版本", response: replies(acceptanceList) },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const owner = ownerIdOf(requireSignedIn(request.viewer)) as string;
      return ok({ list: await agreements.history(owner) });
    },
  );

  app.get(
    "/api/user/personal-data",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "我的个人信息：各类记录的条数与协议同意记录",
        response: replies(personalDataOverview),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { ids, groups } = await personalData.overview(request.viewer);
      const info = await accounts.userInfo(request.viewer);
      return ok({
        account: {
          id: ids.id,
          kind: ids.kind,
          name: info.ahName ?? info.wxName ?? "读者",
          phone: info.ahPhone,
        },
        groups,
        acceptances: await agreements.history(ids.id),
      });
    },
  );

  app.get(
    "/api/user/personal-data/export",
    {
      config: needsLogin,
      schema: { tags, summary: "导出我的个人信息：一个 JSON 文件（附件下载）" },
    },
    async (request, reply) => {
      const data = await personalData.export(request.viewer);
      const day = chinaDay(new Date(data.exportedAt));
      reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="tongjian-personal-data-${day}.json"`)
        .header("cache-control", "no-store");
      return JSON.stringify(data, null, 2);
    },
  );

  app.post(
    "/api/user/personal-data/delete",
    {
      config: needsLogin,
      schema: {
        tags,
        summary: "注销账号：立即删除或匿名化我的个人信息，所有设备退出登录",
        body: deleteAccountBody,
        response: replies(deletedView),
      },
    },
    async (request, reply) => {
      const result = await personalData.deleteAccount(request.viewer);
      await endSession(deps, request, reply);
      return ok(result);
    },
  );
}
