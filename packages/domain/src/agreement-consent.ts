import type { AgreementKey } from "./agreement-types.ts";

/**
 * Which agreements a reader accepts where (decision 40), without the texts: light enough for the
 * login form and the checkout in the browser. The registry (agreements.ts) holds the versions.
 */

/** Accepted when signing in, registering or binding a phone. */
export const LOGIN_AGREEMENTS: readonly AgreementKey[] = [
  "userServices",
  "personalInformationProtection",
];

/** Accepted when placing an order: the pay terms, the membership's for VIP, the renewal's for auto-renew. */
export function checkoutAgreements(productKind: string, autoRenew: boolean): AgreementKey[] {
  const keys: AgreementKey[] = [];
  if (productKind === "vip") keys.push("vipService");
  keys.push("vipPay");
  if (autoRenew) keys.push("subscription");
  return keys;
}

/** Where an acceptance was given. */
export const ACCEPTANCE_CONTEXTS = ["login", "register", "bind", "checkout", "update"] as const;
export type AcceptanceContext = (typeof ACCEPTANCE_CONTEXTS)[number];

export interface AgreementVersionRef {
  agreement: AgreementKey;
  version: string;
}

/** An agreement as a consent line shows it: a link with its title, and the version it sends. */
export interface ConsentItem extends AgreementVersionRef {
  title: string;
  path: string;
}

/** What to send for the items of `keys` (in the order of `keys`, each once). */
export function consentRefs(
  items: readonly ConsentItem[],
  keys: readonly AgreementKey[],
): AgreementVersionRef[] {
  return [...new Set(keys)].flatMap((key) => {
    const item = items.find((i) => i.agreement === key);
    return item ? [{ agreement: item.agreement, version: item.version }] : [];
  });
}

/** The word a reader types to confirm deleting their account. */
export const DELETE_CONFIRM_WORD = "注销";
