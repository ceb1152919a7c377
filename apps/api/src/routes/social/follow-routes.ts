import {
  focusBody,
  focusStatus,
  peopleQuery,
  readerPage,
  readerProfile,
  userParams,
} from "@tongjian/contracts/my";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["关注"];

/**
 * Following readers (issue 16 Social §2): spec §7 POST /api/m/social/v1/y/focus, and the public
 * side of a reader: profile and follow lists, which /my?userId= and /my/list show.
 */
export function registerFollowRoutes(app: TypedApp, { services }: AppDeps) {
  app.post(
    "/api/m/social/v1/y/focus",
    {
      schema: {
        tags,
        summary: "关注或取消关注读者（需登录手机号账号；不带 action 时切换）",
        body: focusBody,
        response: replies(focusStatus),
      },
    },
    async (request) => {
      const { userId, action } = request.body;
      return ok(
        await services.follows.focus({
          viewer: request.viewer,
          userId,
          action:
            action === undefined
              ? undefined
              : action === "follow" || action === 1
                ? "follow"
                : "unfollow",
        }),
      );
    },
  );

  app.get(
    "/api/m/social/v1/n/user/:userId",
    {
      schema: {
        tags,
        summary: "读者主页：昵称、头像、关注数、粉丝数，以及我是否已关注",
        params: userParams,
        response: replies(readerProfile),
      },
    },
    async (request, reply) => {
      // The "following" mark is the caller's own.
      reply.header("cache-control", "private, no-store");
      return ok(await services.follows.profile({ viewer: request.viewer, ...request.params }));
    },
  );

  for (const side of ["followers", "following"] as const) {
    app.get(
      `/api/m/social/v1/n/user/:userId/${side}`,
      {
        schema: {
          tags,
          summary: side === "followers" ? "读者的粉丝（新关注在前）" : "读者关注的人（新关注在前）",
          params: userParams,
          querystring: peopleQuery,
          response: replies(readerPage),
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "private, no-store");
        return ok(
          await services.follows[side]({
            viewer: request.viewer,
            ...request.params,
            ...request.query,
          }),
        );
      },
    );
  }
}
