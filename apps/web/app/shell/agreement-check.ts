import type { AgreementStandingView, AgreementStatusView } from "@tongjian/contracts/agreements";
import { useEffect, useState } from "react";
import { usePlatform } from "./platform.tsx";

/** The same key as features/agreements/agreement-update.tsx: the session has nothing to ask. */
const SETTLED_KEY = "tj-agreements-settled";

function settled(): boolean {
  try {
    return sessionStorage.getItem(SETTLED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Whether a signed-in reader must be asked about a new version of an agreement (decision 40):
 * one call per browser session, and the dialog's code loads only when the answer is yes, so a
 * reader with nothing to answer downloads none of it.
 */
export function useAgreementsToAsk(signedIn: boolean): AgreementStatusView[] {
  const { api } = usePlatform();
  const [pending, setPending] = useState<AgreementStatusView[]>([]);
  useEffect(() => {
    if (!signedIn || settled()) return;
    let live = true;
    api.get<AgreementStandingView>("/api/user/agreements").then(
      (standing) => {
        if (!live) return;
        if (standing.pending.length === 0) {
          try {
            sessionStorage.setItem(SETTLED_KEY, "1");
          } catch {
            // Storage can be blocked; the next page load asks again.
          }
        }
        setPending(standing.pending);
      },
      // Not signed in after all, or offline: nothing to ask now; the next visit asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, signedIn]);
  return pending;
}
