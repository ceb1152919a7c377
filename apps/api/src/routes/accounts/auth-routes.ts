import {
  authBody,
  bindPhoneBody,
  csrfToken,
  endSessionBody,
  loggedOut,
  loginTicket,
  loginUserInfo,
  profileBody,
  registerBody,
  resetPasswordBody,
  sessionList,
  smsSendBody,
  smsSent,
  ticketBody,
} from "@tongjian/contracts/accounts";
import {
  type AcceptanceContext,
  type AgreementVersionRef,
  LOGIN_AGREEMENTS,
} from "@tongjian/domain/agreement-consent";
import { maskPhone } from "@tongjian/domain/phone-number";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { requireSignedIn } from "@tongjian/services/accounts/require-login";
import { createSimulatorSmsProvider } from "@tongjian/services/accounts/sms-provider";
import { NotFoundError } from "@tongjian/services/service-error";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { csrfTokenFor, endSession, startSession } from "./session-cookies.ts";

const tags = ["账号"];

/**
 * Signing in and out (issue 16, decision 18). Every call that starts a session sets a new
 * session cookie and answers the spec §3 login user info.
 */
export function registerAuthRoutes(app: TypedApp, deps: AppDeps) {
  const { accounts, sessions, agreements } = deps.services;
  // Decision 40: the login agreements' versions the form showed are checked before signing in
  // (a stale one answers 409) and recorded for the reader once signed in.
  const checkConsent = (sent: AgreementVersionRef[] | undefined) => {
    if (sent) agreements.check(sent, LOGIN_AGREEMENTS);
  };
  const recordConsent = async (
    viewer: Viewer,
    sent: AgreementVersionRef[] | undefined,
    context: AcceptanceContext,
  ) => {
    const owner = ownerIdOf(viewer);
    if (sent && sent.length > 0 && owner) await agreements.record(owner, sent, context);
  };

  app.get(
    "/api/auth/csrf",
    {
      schema: {
        tags,
        summary: "CSRF 令牌（放入 X-CSRF-Token 请求头；绑定会话或匿名标识）",
        response: replies(csrfToken),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok({ token: csrfTokenFor(deps, request, reply) });
    },
  );

  app.post(
    "/api/auth",
    {
      schema: {
        tags,
        summary: "登录：手机号+密码、手机号+验证码，或 App 的登录凭证（type=app）",
        body: authBody,
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const address = request.ip;
      if (body.type === "app") {
        const owner = await accounts.loginWithAppToken(body.token);
        return ok(await accounts.userInfo(await startSession(deps, request, reply, owner, "app")));
      }
      checkConsent(body.agreements);
      const owner =
        body.type === "password"
          ? await accounts.loginWithPassword({ ...body, address }, request.viewer)
          : await accounts.loginWithSms({ ...body, address }, request.viewer);
      const viewer = await startSession(deps, request, reply, owner);
      await recordConsent(viewer, body.agreements, "login");
      return ok(await accounts.userInfo(viewer));
    },
  );

  app.post(
    "/api/auth/sms/send",
    {
      schema: {
        tags,
        summary: "发送短信验证码（6 位，5 分钟有效，60 秒后可重发）",
        body: smsSendBody,
        response: replies(smsSent),
      },
    },
    async (request) =>
      ok(await accounts.sendCode(request.body.purpose, request.body.phone, request.ip)),
  );

  app.post(
    "/api/auth/register",
    {
      schema: {
        tags,
        summary: "注册：手机号、验证码与密码",
        body: registerBody,
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      checkConsent(request.body.agreements);
      const owner = await accounts.register(
        { ...request.body, address: request.ip },
        request.viewer,
      );
      const viewer = await startSession(deps, request, reply, owner);
      await recordConsent(viewer, request.body.agreements, "register");
      return ok(await accounts.userInfo(viewer));
    },
  );

  app.post(
    "/api/auth/password/reset",
    {
      schema: {
        tags,
        summary: "忘记密码：验证码设置新密码，该账号的所有会话随之结束",
        body: resetPasswordBody,
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      const owner = await accounts.resetPassword({ ...request.body, address: request.ip }, (id) =>
        sessions.endAllOfAccount(id),
      );
      return ok(await accounts.userInfo(await startSession(deps, request, reply, owner)));
    },
  );

  app.post(
    "/api/auth/bind-phone",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "微信访客绑定手机号（点赞随之归入账号）",
        body: bindPhoneBody,
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      checkConsent(request.body.agreements);
      const owner = await accounts.bindPhone(
        { ...request.body, address: request.ip },
        request.viewer,
      );
      const viewer = await startSession(deps, request, reply, owner);
      await recordConsent(viewer, request.body.agreements, "bind");
      return ok(await accounts.userInfo(viewer));
    },
  );

  app.post(
    "/api/auth/logout",
    {
      schema: {
        tags,
        summary: "退出登录：结束本会话（服务端）并清除 cookie",
        response: replies(loggedOut),
      },
    },
    async (request, reply) => ok({ ended: await endSession(deps, request, reply) }),
  );

  app.get(
    "/api/auth/sessions",
    {
      config: { needsLogin: true },
      schema: { tags, summary: "我的登录设备（会话）", response: replies(sessionList) },
    },
    async (request, reply) => {
      const viewer = requireSignedIn(request.viewer);
      const owner =
        viewer.kind === "user"
          ? { accountId: viewer.userId, visitorId: null }
          : { accountId: null, visitorId: viewer.visitorId };
      const rows = await sessions.list(owner);
      reply.header("cache-control", "no-store");
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind === "app" ? ("app" as const) : ("browser" as const),
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          userAgent: row.user_agent,
          address: row.address,
          current: row.id === viewer.sessionId,
        })),
      });
    },
  );

  app.post(
    "/api/auth/sessions/end",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "让另一台设备下线",
        body: endSessionBody,
        response: replies(loggedOut),
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request.viewer);
      const owner =
        viewer.kind === "user"
          ? { accountId: viewer.userId, visitorId: null }
          : { accountId: null, visitorId: viewer.visitorId };
      if (!(await sessions.endById(owner, request.body.id)))
        throw new NotFoundError("该会话不存在或已结束");
      return ok({ ended: true });
    },
  );

  app.post(
    "/api/auth/ticket",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "一次性登录票据（60 秒内在另一处换取登录）",
        response: replies(loginTicket),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await accounts.issueTicket(request.viewer));
    },
  );

  // Spec §7: POST /api/m/social/auth/w1/n/login with a ticket.
  app.post(
    "/api/m/social/auth/w1/n/login",
    {
      schema: {
        tags,
        summary: "用一次性票据登录",
        body: ticketBody,
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      const owner = await accounts.redeemTicket(request.body.ticket);
      return ok(await accounts.userInfo(await startSession(deps, request, reply, owner)));
    },
  );

  app.get(
    "/api/user/info",
    {
      schema: {
        tags,
        summary: "登录用户信息（spec §3；未登录答 600）",
        response: replies(loginUserInfo),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await accounts.userInfo(request.viewer));
    },
  );

  app.post(
    "/api/user/profile",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "修改昵称、头像",
        body: profileBody,
        response: replies(loginUserInfo),
      },
    },
    async (request) => {
      const changes: { name?: string; avatar?: string | null } = {};
      if (request.body.name !== undefined) changes.name = request.body.name;
      if (request.body.avatar !== undefined) changes.avatar = request.body.avatar;
      const info = await accounts.updateProfile(request.viewer, changes);
      sessions.clearCache();
      return ok(info);
    },
  );

  // Development and tests only (SMS_PROVIDER=simulator): the last code sent to a number.
  if (deps.config.auth.smsProvider === "simulator") {
    const outbox = createSimulatorSmsProvider(deps.store);
    app.get(
      "/api/dev/sms/outbox",
      {
        schema: {
          tags,
          summary: "模拟短信：某号码收到的最后一条（仅 SMS_PROVIDER=simulator）",
          querystring: z.object({ phone: z.string().regex(/^1[3-9]\d{9}$/, "请输入正确的手机号") }),
          response: replies(z.object({ phone: z.string(), text: z.string(), code: z.string() })),
        },
      },
      async (request, reply) => {
        const message = await outbox.lastMessage(request.query.phone);
        if (!message) throw new NotFoundError(`${maskPhone(request.query.phone)} 没有收到短信`);
        reply.header("cache-control", "no-store");
        return ok({ phone: message.phone, text: message.text, code: message.code });
      },
    );
  }
}
