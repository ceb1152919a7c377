import { museumData, museumParams } from "@tongjian/contracts/museum";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["博物馆"];

export function registerMuseumRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/museum/:lang/rooms",
    {
      schema: {
        tags,
        summary: "3D 博物馆：按时代分的展厅，以及每个展厅陈列的绘画与书法作品",
        params: museumParams,
        response: replies(museumData),
      },
    },
    async () => ok(await services.museum.rooms()),
  );
}
