import {
  type AgreementVersionRef,
  type ConsentItem,
  LOGIN_AGREEMENTS,
} from "./agreement-consent.ts";
import { LAW, PERSONAL_INFORMATION_PROTECTION, USER_SERVICES } from "./agreement-texts-accounts.ts";
import { THIRD_PARTY_INFORMATION, THIRDPART_KNOW } from "./agreement-texts-sharing.ts";
import { SOUND_COPYRIGHT } from "./agreement-texts-sound.ts";
import { SUBSCRIPTION, VIP_PAY, VIP_SERVICE } from "./agreement-texts-store.ts";
import { TRAVEL_PRIVATE, TRAVEL_USER } from "./agreement-texts-travel.ts";
import { AGREEMENT_KEYS, type AgreementDoc, type AgreementKey } from "./agreement-types.ts";

/**
 * The versioned registry of the product's agreements (decision 40): every agreement's current
 * text, version and effective day. Login and checkout send the versions the reader was shown;
 * the server records them, refuses stale ones, and asks again when a version changes.
 */
export const AGREEMENTS: readonly AgreementDoc[] = [
  USER_SERVICES,
  PERSONAL_INFORMATION_PROTECTION,
  THIRD_PARTY_INFORMATION,
  THIRDPART_KNOW,
  SUBSCRIPTION,
  VIP_SERVICE,
  VIP_PAY,
  TRAVEL_USER,
  TRAVEL_PRIVATE,
  SOUND_COPYRIGHT,
  LAW,
];

export type { AgreementDoc, AgreementKey };

export function isAgreementKey(key: string): key is AgreementKey {
  return (AGREEMENT_KEYS as readonly string[]).includes(key);
}

export function agreementOf(
  key: AgreementKey,
  registry: readonly AgreementDoc[] = AGREEMENTS,
): AgreementDoc {
  const doc = registry.find((d) => d.key === key);
  if (!doc) throw new Error(`no agreement ${key}`);
  return doc;
}

/** The agreement a page shows, by its path (/agreement/userServices, /law, /buyvip/agreement/pay). */
export function agreementAtPath(
  path: string,
  registry: readonly AgreementDoc[] = AGREEMENTS,
): AgreementDoc | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return registry.find((d) => d.path === clean) ?? null;
}

/** The agreements as consent lines show them, at their current versions. */
export function consentItems(
  keys: readonly AgreementKey[],
  registry: readonly AgreementDoc[] = AGREEMENTS,
): ConsentItem[] {
  return keys.map((key) => {
    const doc = agreementOf(key, registry);
    return { agreement: key, version: doc.version, title: doc.title, path: doc.path };
  });
}

/** The current versions of the given agreements, as a client sends them back. */
export function currentVersions(
  keys: readonly AgreementKey[],
  registry: readonly AgreementDoc[] = AGREEMENTS,
): AgreementVersionRef[] {
  return keys.map((key) => ({ agreement: key, version: agreementOf(key, registry).version }));
}

/**
 * What is wrong with the versions a client says the reader accepted: agreements sent at a version
 * that is no longer current (a new one was published while the page was open), and required ones
 * missing. Empty when the reader accepted exactly what is in force.
 */
export function acceptanceProblems(
  sent: readonly AgreementVersionRef[],
  required: readonly AgreementKey[],
  registry: readonly AgreementDoc[] = AGREEMENTS,
): { stale: AgreementKey[]; missing: AgreementKey[] } {
  const stale = sent
    .filter((ref) => agreementOf(ref.agreement, registry).version !== ref.version)
    .map((ref) => ref.agreement);
  const missing = required.filter((key) => !sent.some((ref) => ref.agreement === key));
  return { stale: [...new Set(stale)], missing };
}

export type AcceptanceState = "current" | "outdated" | "none";

export interface AgreementStatus {
  agreement: AgreementKey;
  title: string;
  path: string;
  version: string;
  effectiveOn: string;
  state: AcceptanceState;
  /** The version the reader last accepted, if any. */
  acceptedVersion: string | null;
  acceptedAt: string | null;
  /** What changed since the accepted version (every note after it), oldest first. */
  changes: string[];
}

/** Where the reader stands with each agreement, given the last version they accepted of each. */
export function agreementStatuses(
  keys: readonly AgreementKey[] = LOGIN_AGREEMENTS,
  accepted: ReadonlyMap<string, { version: string; acceptedAt: string }>,
  registry: readonly AgreementDoc[] = AGREEMENTS,
): AgreementStatus[] {
  return keys.map((key) => {
    const doc = agreementOf(key, registry);
    const last = accepted.get(key) ?? null;
    const state: AcceptanceState =
      last === null ? "none" : last.version === doc.version ? "current" : "outdated";
    const from = last ? doc.versions.findIndex((v) => v.version === last.version) : -1;
    const changes =
      state === "outdated"
        ? doc.versions.slice(from + 1).map((v) => `${v.version}：${v.note}`)
        : [];
    return {
      agreement: key,
      title: doc.title,
      path: doc.path,
      version: doc.version,
      effectiveOn: doc.effectiveOn,
      state,
      acceptedVersion: last?.version ?? null,
      acceptedAt: last?.acceptedAt ?? null,
      changes,
    };
  });
}

/**
 * The reader is asked again on their next visit when an agreement they accepted has a newer
 * version. One who never accepted one (signed in through WeChat or the app, or before
 * agreements were versioned) is asked at their next login or checkout instead (decision 40).
 */
export function needsReacceptance(statuses: readonly AgreementStatus[]): AgreementStatus[] {
  return statuses.filter((s) => s.state === "outdated");
}

/** The pages every agreement page links to, in order. */
export const AGREEMENT_LINKS: readonly { title: string; path: string }[] = [
  ...AGREEMENTS.map((doc) => ({ title: doc.title, path: doc.path })),
  { title: "个人信息收集清单", path: "/agreement/userInfo/list" },
  { title: "我的个人信息（查看、导出与注销）", path: "/agreement/userOwnInfo/home" },
  { title: "CC0 音频清单", path: "/agreement/soundcopyright/cc0" },
  { title: "CC BY 4.0 音频清单", path: "/agreement/soundcopyright/cc4" },
];
