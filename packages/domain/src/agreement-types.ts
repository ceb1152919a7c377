/**
 * An agreement as the product keeps it (decision 40): one current text per agreement, with a
 * version id and the day it takes effect, and what changed in each earlier version. Texts are
 * data (the agreement-texts-*.ts modules), rendered by one page template.
 */
/** Every agreement's key, in the registry's order (agreements.test.ts keeps them in step). */
export const AGREEMENT_KEYS = [
  "userServices",
  "personalInformationProtection",
  "thirdPartyInformation",
  "thirdpartKnow",
  "subscription",
  "vipService",
  "vipPay",
  "traveluser",
  "travelprivate",
  "soundcopyright",
  "law",
] as const;
export type AgreementKey = (typeof AGREEMENT_KEYS)[number];

/** A table inside an agreement (the third-party list): a header row and the rows under it. */
export interface AgreementTable {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A paragraph, a bulleted list or a table. */
export type AgreementBlock = string | { list: readonly string[] } | { table: AgreementTable };

export interface AgreementSection {
  heading: string;
  blocks: readonly AgreementBlock[];
}

export interface AgreementVersion {
  version: string;
  /** China day, YYYY-MM-DD. */
  effectiveOn: string;
  /** What this version changed, in a sentence (shown when readers are asked again). */
  note: string;
}

export interface AgreementDoc {
  key: AgreementKey;
  title: string;
  /** The page that shows it. */
  path: string;
  /** The current version (the last of `versions`). */
  version: string;
  effectiveOn: string;
  /** Every version so far, oldest first; the last is the current one. */
  versions: readonly AgreementVersion[];
  /** One or two sentences above the text. */
  summary: string;
  sections: readonly AgreementSection[];
}

/** Builds a document whose current version is the last of its versions. */
export function agreementDoc(doc: Omit<AgreementDoc, "version" | "effectiveOn">): AgreementDoc {
  const current = doc.versions[doc.versions.length - 1];
  if (!current) throw new Error(`${doc.key}: an agreement needs at least one version`);
  return { ...doc, version: current.version, effectiveOn: current.effectiveOn };
}

/** "2026-11-28" as 2026 年 11 月 28 日. */
export function formatEffectiveDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${y} 年 ${Number(m)} 月 ${Number(d)} 日`;
}
