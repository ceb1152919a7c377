import { askAnswer, askBody } from "@tongjian/contracts/ask";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["问史"];

export function registerAskRoutes(app: TypedApp, { services }: AppDeps) {
  // 问史: a question answered from the corpus only, citing the entries it came from. Rate
  // limited with every other /api/ route (build-app.ts).
  app.post(
    "/api/ai/ask",
    {
      schema: {
        tags,
        summary: "问史：按资料回答人物、时间、地点、朝代、关系、作品等问题，并给出来源",
        body: askBody,
        response: replies(askAnswer),
      },
    },
    async (request) => ok(await services.ask.answer(request.body.question)),
  );
}
