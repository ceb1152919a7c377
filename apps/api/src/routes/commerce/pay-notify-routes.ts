import type { ChannelName } from "@tongjian/services/commerce/payment-channel";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

/**
 * The channels' payment and refund notifications (WeChat Pay v3, Alipay). The raw body is kept
 * as text: the signatures cover its bytes. No CSRF token (the channel's server posts them); the
 * channel verifies them and the order service applies each once (decision 33).
 */
export function registerPayNotifyRoutes(app: TypedApp, { services }: AppDeps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    for (const channel of ["wechat", "alipay"] as const satisfies readonly ChannelName[]) {
      scope.post(
        `/api/pay/notify/${channel}`,
        { config: { csrf: false }, schema: { hide: true } },
        async (request, reply) => {
          const body = typeof request.body === "string" ? request.body : "";
          const answer = await services.orders.handleNotification(channel, {
            headers: request.headers,
            body,
          });
          return reply
            .status(answer.status)
            .header("content-type", answer.contentType)
            .send(answer.body);
        },
      );
    }
  });
}
