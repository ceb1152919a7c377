import { familyParams, familyQuery, familyTree } from "@tongjian/contracts/graph-family";
import {
  lattice,
  latticeCellPage,
  latticeCellQuery,
  latticeParams,
  latticeQuery,
} from "@tongjian/contracts/graph-lattice";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["关系图谱"];

/** The family tree of a person and the lattice diagram of people by era and field. */
export function registerFamilyRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/item/family/:lang/:id",
    {
      schema: {
        tags,
        summary: "人物的家族树（up 向上代数，down 向下代数）",
        params: familyParams,
        querystring: familyQuery,
        response: replies(familyTree),
      },
    },
    async (request) => ok(await services.family.tree(request.params.id, request.query)),
  );

  app.get(
    "/api/lattice/:lang",
    {
      schema: {
        tags,
        summary: "格子图：按时代与领域排列的人物（可按 field、era 筛选）",
        params: latticeParams,
        querystring: latticeQuery,
        response: replies(lattice),
      },
    },
    async (request) => ok(await services.lattice.grid(request.query)),
  );

  app.get(
    "/api/lattice/cell/:lang",
    {
      schema: {
        tags,
        summary: "格子图的一格，分页",
        params: latticeParams,
        querystring: latticeCellQuery,
        response: replies(latticeCellPage),
      },
    },
    async (request) => ok(await services.lattice.cell(request.query)),
  );
}
