import type { Database } from "@tongjian/db/database-schema";
import {
  type AcceptanceContext,
  type AgreementVersionRef,
  LOGIN_AGREEMENTS,
} from "@tongjian/domain/agreement-consent";
import {
  AGREEMENTS,
  type AgreementDoc,
  type AgreementKey,
  type AgreementStatus,
  acceptanceProblems,
  agreementOf,
  agreementStatuses,
  isAgreementKey,
  needsReacceptance,
} from "@tongjian/domain/agreements";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import { ServiceError } from "../service-error.ts";

/** A version the page showed is no longer in force: the reader must read the new one first. */
export class StaleAgreementError extends ServiceError {
  constructor(
    readonly agreements: AgreementKey[],
    registry: readonly AgreementDoc[],
  ) {
    const titles = agreements.map((key) => `《${agreementOf(key, registry).title}》`).join("");
    super(409, `${titles}已更新，请刷新页面，阅读新版本后再确认`);
    this.name = "StaleAgreementError";
  }
}

export interface AcceptanceRecord {
  agreement: AgreementKey;
  title: string;
  version: string;
  acceptedAt: string;
  context: string;
  detail: string | null;
}

/**
 * Acceptances of the versioned agreements (decision 40): login and checkout check the versions
 * the reader was shown against the registry, then record them; a reader's standing says which
 * they must accept again. `registry` is the domain's, or a test's with a newer version.
 */
export function createAgreementService(deps: {
  db: Kysely<Database>;
  registry?: readonly AgreementDoc[];
  clock?: () => Date;
}) {
  const { db } = deps;
  const registry = deps.registry ?? AGREEMENTS;
  const clock = deps.clock ?? (() => new Date());

  /** The latest acceptance of each agreement by the owner. */
  async function latest(ownerId: string) {
    const rows = await db
      .selectFrom("agreement_acceptance")
      .select(["agreement", "version", "accepted_at"])
      .where("owner_id", "=", ownerId)
      .orderBy("accepted_at", "asc")
      .orderBy("id", "asc")
      .execute();
    // Two acceptances in the same millisecond (a login, then the new version at once): the later
    // version of the registry is the later acceptance, not the random id.
    const order = (agreement: string, version: string) =>
      registry.find((d) => d.key === agreement)?.versions.findIndex((v) => v.version === version) ??
      -1;
    const last = new Map<string, { version: string; acceptedAt: string }>();
    for (const row of rows) {
      const before = last.get(row.agreement);
      if (
        before &&
        before.acceptedAt === row.accepted_at &&
        order(row.agreement, before.version) > order(row.agreement, row.version)
      )
        continue;
      last.set(row.agreement, { version: row.version, acceptedAt: row.accepted_at });
    }
    return last;
  }

  const service = {
    registry(): AgreementDoc[] {
      return [...registry];
    },

    /** Throws unless every version sent is the one in force (and the required ones are there). */
    check(sent: readonly AgreementVersionRef[], required: readonly AgreementKey[] = []): void {
      const { stale, missing } = acceptanceProblems(sent, required, registry);
      if (stale.length > 0) throw new StaleAgreementError(stale, registry);
      if (missing.length > 0)
        throw new ServiceError(
          400,
          `请阅读并同意${missing.map((key) => `《${agreementOf(key, registry).title}》`).join("")}`,
        );
    },

    /** Records the owner's acceptance of the versions sent (checked first). */
    async record(
      ownerId: string,
      sent: readonly AgreementVersionRef[],
      context: AcceptanceContext,
      detail: string | null = null,
    ): Promise<void> {
      service.check(sent);
      if (sent.length === 0) return;
      const at = clock().toISOString();
      await db
        .insertInto("agreement_acceptance")
        .values(
          sent.map((ref) => ({
            id: newId(),
            owner_id: ownerId,
            agreement: ref.agreement,
            version: ref.version,
            accepted_at: at,
            context,
            detail,
          })),
        )
        .execute();
    },

    /** The signed-in reader accepts the versions in force (the update dialog's 同意). */
    async accept(viewer: Viewer, sent: readonly AgreementVersionRef[]): Promise<AgreementStatus[]> {
      const reader = requireSignedIn(viewer);
      await service.record(ownerIdOf(reader) as string, sent, "update");
      return service.standing(viewer).then((s) => s.list);
    },

    /** Where the reader stands with the given agreements (the login ones by default). */
    async standing(
      viewer: Viewer,
      keys: readonly AgreementKey[] = LOGIN_AGREEMENTS,
    ): Promise<{ list: AgreementStatus[]; pending: AgreementStatus[] }> {
      const reader = requireSignedIn(viewer);
      const list = agreementStatuses(keys, await latest(ownerIdOf(reader) as string), registry);
      return { list, pending: needsReacceptance(list) };
    },

    /** Those of `keys` the reader has not accepted at the version in force (for checkout). */
    async notCurrent(ownerId: string, keys: readonly AgreementKey[]): Promise<AgreementKey[]> {
      const statuses = agreementStatuses(keys, await latest(ownerId), registry);
      return statuses.filter((s) => s.state !== "current").map((s) => s.agreement);
    },

    /** Every acceptance of the owner, newest first. */
    async history(ownerId: string): Promise<AcceptanceRecord[]> {
      const rows = await db
        .selectFrom("agreement_acceptance")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("accepted_at", "desc")
        .orderBy("id", "desc")
        .limit(200)
        .execute();
      return rows.flatMap((row) =>
        isAgreementKey(row.agreement)
          ? [
              {
                agreement: row.agreement,
                title: agreementOf(row.agreement, registry).title,
                version: row.version,
                acceptedAt: row.accepted_at,
                context: row.context,
                detail: row.detail,
              },
            ]
          : [],
      );
    },

    /** A WeChat visitor bound an account: what it accepted becomes the account's. */
    async moveOwner(fromId: string, toId: string): Promise<void> {
      if (fromId === toId) return;
      await db
        .updateTable("agreement_acceptance")
        .set({ owner_id: toId })
        .where("owner_id", "=", fromId)
        .execute();
    },
  };
  return service;
}

export type AgreementService = ReturnType<typeof createAgreementService>;
