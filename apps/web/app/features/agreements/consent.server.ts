import { type ConsentItem, LOGIN_AGREEMENTS } from "@tongjian/domain/agreement-consent";
import type { AgreementKey } from "@tongjian/domain/agreement-types";
import { consentItems } from "@tongjian/domain/agreements";
import { ownerIdOf } from "@tongjian/domain/viewer";
import type { AppLoadContext } from "react-router";

export interface CheckoutConsent {
  /** The agreements a checkout may ask for, at their current versions. */
  items: ConsentItem[];
  /**
   * Login agreements the reader has not accepted at their current version (signed in through
   * WeChat or the app, or before a new version): the checkout asks for them too (decision 40).
   */
  pendingLogin: AgreementKey[];
}

/** What a store page's checkout shows and sends (buyvip, upgradepay). */
export async function checkoutConsent(
  context: Pick<AppLoadContext, "viewer" | "services">,
): Promise<CheckoutConsent> {
  const owner = ownerIdOf(context.viewer);
  return {
    items: consentItems(["vipService", "vipPay", "subscription", ...LOGIN_AGREEMENTS]),
    pendingLogin: owner
      ? await context.services.agreements.notCurrent(owner, LOGIN_AGREEMENTS)
      : [],
  };
}
