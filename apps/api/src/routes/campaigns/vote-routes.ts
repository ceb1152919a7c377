import {
  voteBoard,
  voteBody,
  voteCandidateDetail,
  voteCandidateQuery,
  voteCounts,
  voteKeyParams,
  voteResult,
} from "@tongjian/contracts/votes";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { campaignDevice, campaignWriteLimit } from "./campaign-routes.ts";

const tags = ["活动"];
const noStore = { "cache-control": "no-store" };

/**
 * The vote campaigns (decision 45: 投票活动 /love, 文史歌曲 /wenshisong): the ranked candidates, a
 * candidate, the live counts the pages poll, and a vote (the engine's per-day limit, one vote a
 * day for each candidate).
 */
export function registerVoteRoutes(app: TypedApp, { services, config }: AppDeps) {
  const v = services.votes;
  const device = (
    request: Parameters<typeof campaignDevice>[0],
    reply: Parameters<typeof campaignDevice>[1],
  ) => campaignDevice(request, reply, config.auth.secureCookies);

  app.get(
    "/api/m/vote/:key",
    {
      schema: {
        tags,
        summary: "投票活动：候选（按票数排名）、规则与我今天的票",
        params: voteKeyParams,
        response: replies(voteBoard),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await v.board(request.params.key, request.viewer, device(request, reply)));
    },
  );
  app.get(
    "/api/m/vote/:key/counts",
    {
      schema: {
        tags,
        summary: "投票活动的实时票数",
        params: voteKeyParams,
        response: replies(voteCounts),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await v.counts(request.params.key, request.viewer, device(request, reply)));
    },
  );
  app.get(
    "/api/m/vote/:key/candidate",
    {
      schema: {
        tags,
        summary: "候选详情：故事、年代、人物、曲目与票数",
        params: voteKeyParams,
        querystring: voteCandidateQuery,
        response: replies(voteCandidateDetail),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await v.candidate(
          request.params.key,
          request.query.id,
          request.viewer,
          device(request, reply),
        ),
      );
    },
  );
  app.post(
    "/api/m/vote/:key",
    {
      config: campaignWriteLimit,
      schema: {
        tags,
        summary: "投票（每天的票数有限，同一候选每天一票）",
        params: voteKeyParams,
        body: voteBody,
        response: replies(voteResult),
      },
    },
    async (request, reply) =>
      ok(
        await v.vote(
          request.params.key,
          request.viewer,
          request.body.candidate,
          device(request, reply),
        ),
      ),
  );
}
