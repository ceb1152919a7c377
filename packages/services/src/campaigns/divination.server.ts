import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type DivinationView,
  type DrawResult,
  type LotView,
  lotsFileSchema,
} from "@tongjian/contracts/divination";
import { chinaDay } from "@tongjian/domain/china-time";
import {
  DIVINATION_KEY,
  DIVINATION_NOTE,
  findLot,
  type Lot,
  lotLabel,
  lotLink,
  lotSetProblems,
  lotSource,
} from "@tongjian/domain/divination";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { parse as parseYaml } from "yaml";
import { NotFoundError } from "../service-error.ts";
import { campaignFile } from "./campaign-file.ts";
import { CampaignConflictError, type Campaigns } from "./campaigns.server.ts";

/** Where the lots are, under the content folder. */
export const LOTS_FILE = join("campaigns", DIVINATION_KEY, "lots.yaml");

/** Reads and checks the lots file; a set that breaks the rules is refused. */
export async function readLots(contentDir: string): Promise<Lot[]> {
  const raw = parseYaml(await readFile(join(contentDir, LOTS_FILE), "utf8")) as unknown;
  const lots = lotsFileSchema.parse(raw).lots;
  const problems = lotSetProblems(lots);
  if (problems.length > 0) throw new Error(`签文有误：${problems.join("；")}`);
  return lots;
}

export function lotView(lot: Lot): LotView {
  return {
    ...lot,
    label: lotLabel(lot.number),
    source: lotSource(lot),
    link: lotLink(lot.number),
  };
}

/**
 * 求签 (decision 42): one lot a China day per reader, picked by the server with crypto
 * randomness and recorded as the campaign's action (the engine's per-day limit of 1 makes
 * concurrent draws give one lot); today's lot again for a reader who comes back; their history;
 * any lot by its number for a shared link.
 */
export function createDivination(deps: {
  campaigns: Campaigns;
  contentDir: string;
  now?: () => Date;
}) {
  const clock = deps.now ?? (() => new Date());
  const lots = campaignFile(() => readLots(deps.contentDir), "求签暂未开放");

  async function drawsOf(ownerId: string) {
    const all = await lots();
    const actions = await deps.campaigns.actions(DIVINATION_KEY, ownerId, "draw", 400);
    return actions.flatMap((a) => {
      const lot = findLot(all, Number(a.subject));
      return lot ? [{ day: a.day, drawnAt: a.created_at, lot }] : [];
    });
  }

  async function todayOf(ownerId: string) {
    const day = chinaDay(clock());
    return (await drawsOf(ownerId)).find((d) => d.day === day) ?? null;
  }

  return {
    async lot(n: number): Promise<LotView> {
      const lot = findLot(await lots(), n);
      if (!lot) throw new NotFoundError("没有这支签");
      return lotView(lot);
    },

    async view(viewer: Viewer): Promise<DivinationView> {
      const all = await lots();
      const owner = ownerIdOf(viewer);
      const draws = owner ? await drawsOf(owner) : [];
      const day = chinaDay(clock());
      const today = draws.find((d) => d.day === day) ?? null;
      return {
        lotCount: all.length,
        signedIn: owner !== null,
        today: today ? { lot: lotView(today.lot), day: today.day, drawnAt: today.drawnAt } : null,
        history: draws.slice(0, 60).map((d) => ({
          day: d.day,
          drawnAt: d.drawnAt,
          number: d.lot.number,
          label: lotLabel(d.lot.number),
          grade: d.lot.grade,
          title: d.lot.title,
        })),
        note: DIVINATION_NOTE,
      };
    },

    /**
     * Draws today's lot. A reader who drew today already gets that lot back (fresh: false), also
     * when several draws race: the engine lets one through and the others read its lot.
     */
    async draw(viewer: Viewer, deviceId: string | null): Promise<DrawResult> {
      const all = await lots();
      const owner = ownerIdOf(viewer);
      if (owner) {
        const already = await todayOf(owner);
        if (already)
          return {
            lot: lotView(already.lot),
            day: already.day,
            drawnAt: already.drawnAt,
            fresh: false,
            granted: [],
          };
      }
      const lot = all[randomInt(all.length)] as Lot;
      try {
        const { action } = await deps.campaigns.participate(DIVINATION_KEY, viewer, {
          deviceId,
          kind: "draw",
          subject: String(lot.number),
          payload: { grade: lot.grade },
        });
        const total = (await deps.campaigns.actions(DIVINATION_KEY, action.ownerId, "draw", 400))
          .length;
        const granted = await deps.campaigns.grantDue(DIVINATION_KEY, viewer, total);
        return {
          lot: lotView(lot),
          day: action.day,
          drawnAt: action.createdAt,
          fresh: true,
          granted: granted.map((g) => g.label),
        };
      } catch (error) {
        if (!(error instanceof CampaignConflictError) || !owner) throw error;
        const already = await todayOf(owner);
        if (!already) throw error;
        return {
          lot: lotView(already.lot),
          day: already.day,
          drawnAt: already.drawnAt,
          fresh: false,
          granted: [],
        };
      }
    },
  };
}

export type Divination = ReturnType<typeof createDivination>;
