import { DELETE_CONFIRM_WORD } from "@tongjian/domain/agreement-consent";
import { AGREEMENT_KEYS } from "@tongjian/domain/agreement-types";
import { z } from "zod";

// Agreements and personal data (issue 22, decision 40): the registry's versions, a reader's
// standing and acceptances (GET/POST /api/user/agreements…), the export of their data
// (GET /api/user/personal-data/export) and the deletion of their account
// (POST /api/user/personal-data/delete).

export const agreementKey = z.enum(AGREEMENT_KEYS, {
  error: "没有这份协议",
});

/** One agreement at the version the reader was shown. */
export const agreementVersionRef = z.object({
  agreement: agreementKey,
  version: z.string().trim().min(1, "缺少协议版本").max(20, "协议版本无效"),
});
export type AgreementVersionRefBody = z.infer<typeof agreementVersionRef>;

/** What login, register and checkout send: the agreements accepted, at their versions. */
export const acceptedAgreements = z
  .array(agreementVersionRef)
  .max(12, "协议过多")
  .refine(
    (refs) => new Set(refs.map((r) => r.agreement)).size === refs.length,
    "同一协议只能出现一次",
  );

export const agreementSummary = z.object({
  agreement: agreementKey,
  title: z.string(),
  path: z.string(),
  version: z.string(),
  effectiveOn: z.string(),
});
export const agreementRegistryView = z.object({ list: z.array(agreementSummary) });

export const agreementStatusView = agreementSummary.extend({
  state: z.enum(["current", "outdated", "none"]),
  acceptedVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  changes: z.array(z.string()),
});
export type AgreementStatusView = z.infer<typeof agreementStatusView>;

export const agreementStandingView = z.object({
  /** The login agreements, where the reader stands with each. */
  list: z.array(agreementStatusView),
  /** Those the reader must accept again now (a newer version of one they accepted). */
  pending: z.array(agreementStatusView),
});
export type AgreementStandingView = z.infer<typeof agreementStandingView>;

export const acceptBody = z.object({
  agreements: acceptedAgreements.refine((refs) => refs.length > 0, "请选择要同意的协议"),
});

export const acceptanceView = z.object({
  agreement: agreementKey,
  title: z.string(),
  version: z.string(),
  acceptedAt: z.string(),
  context: z.string(),
  detail: z.string().nullable(),
});
export type AcceptanceView = z.infer<typeof acceptanceView>;
export const acceptanceList = z.object({ list: z.array(acceptanceView) });

/** How much of the reader's data each category holds (the own-data page's overview). */
export const personalDataOverview = z.object({
  account: z.object({
    id: z.string(),
    kind: z.enum(["user", "visitor"]),
    name: z.string(),
    phone: z.string().nullable(),
  }),
  groups: z.array(
    z.object({
      category: z.string(),
      sets: z.array(z.object({ table: z.string(), what: z.string(), rows: z.number().int() })),
    }),
  ),
  acceptances: z.array(acceptanceView),
});
export type PersonalDataOverview = z.infer<typeof personalDataOverview>;

/** The confirmation a deletion needs: the reader types 注销. */
export const deleteAccountBody = z.object({
  confirm: z.literal(DELETE_CONFIRM_WORD, { error: `请输入“${DELETE_CONFIRM_WORD}”以确认` }),
});
export const deletedView = z.object({
  deleted: z.boolean(),
  /** Rows removed per table, and rows kept without naming the reader. */
  removed: z.record(z.string(), z.number().int()),
  anonymised: z.record(z.string(), z.number().int()),
});
export type DeletedView = z.infer<typeof deletedView>;
