import {
  tvPairingApproved,
  tvPairingCode,
  tvPairingStart,
  tvPairingState,
} from "@tongjian/contracts/tv-pairing";
import { createTvPairing } from "@tongjian/services/accounts/tv-pairing.server";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";
import { startSession } from "./session-cookies.ts";

const tags = ["账号"];
const noStore = { "cache-control": "no-store" };

/**
 * 电视版扫码登录 (decision 47): the TV asks for a code (`start`), shows it as a QR code of
 * /tvhelp?pair=…, a signed-in phone approves it (`approve`), and the TV's next `poll` starts its
 * session as the phone's reader.
 */
export function registerTvPairingRoutes(app: TypedApp, deps: AppDeps) {
  const pairing = createTvPairing({ store: deps.store, accounts: deps.services.accounts });

  app.post(
    "/api/auth/tv/start",
    {
      schema: {
        tags,
        summary: "电视扫码登录：生成二维码（5 分钟有效）",
        response: replies(tvPairingStart),
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await pairing.begin());
    },
  );
  app.post(
    "/api/auth/tv/approve",
    {
      config: { needsLogin: true },
      schema: {
        tags,
        summary: "电视扫码登录：手机确认让电视登录",
        body: tvPairingCode,
        response: replies(tvPairingApproved),
      },
    },
    async (request) => {
      await pairing.approve(request.viewer, request.body.code);
      return ok({ approved: true });
    },
  );
  app.post(
    "/api/auth/tv/poll",
    {
      schema: {
        tags,
        summary: "电视扫码登录：电视查询是否已确认（确认后本浏览器即登录）",
        body: tvPairingCode,
        response: replies(tvPairingState),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await pairing.poll(request.body.code);
      if (result.state !== "approved") return ok({ state: result.state });
      await startSession(deps, request, reply, result.owner);
      return ok({ state: "signed-in" as const });
    },
  );
}
