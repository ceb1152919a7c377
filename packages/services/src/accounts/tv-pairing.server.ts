import type { LoginTicket } from "@tongjian/contracts/accounts";
import type { Viewer } from "@tongjian/domain/viewer";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError } from "../service-error.ts";
import { hashSecret, newSecretValue } from "./auth-cookies.ts";
import { requireSignedIn } from "./require-login.ts";
import type { SessionOwner } from "./sessions.server.ts";

/** A TV's sign-in code lives this long; the TV shows a new one after. */
export const TV_PAIRING_TTL_SECONDS = 300;

const keyOf = (code: string) => `tvpair:${hashSecret(code)}`;

type Pairing = { state: "pending" } | { state: "approved"; ticket: string };

/**
 * Signing in on a TV with a phone (电视版扫码登录, decision 47): the TV asks for a code and shows
 * it as a QR code; a signed-in phone that opens it approves, which hands the phone's login to the
 * TV through a one-time ticket; the TV, asking again, is signed in. A code is secret, lives five
 * minutes and signs in one TV once; only its hash is kept.
 */
export function createTvPairing(deps: {
  store: KeyValueStore;
  accounts: {
    issueTicket(viewer: Viewer): Promise<LoginTicket>;
    redeemTicket(ticket: string): Promise<SessionOwner>;
  };
}) {
  const { store } = deps;
  const read = async (code: string): Promise<Pairing | null> => {
    const raw = await store.get(keyOf(code));
    return raw ? (JSON.parse(raw) as Pairing) : null;
  };
  return {
    /** A new code for a TV to show. */
    async begin(): Promise<{ code: string; expiresIn: number }> {
      const code = newSecretValue();
      await store.set(keyOf(code), JSON.stringify({ state: "pending" }), TV_PAIRING_TTL_SECONDS);
      return { code, expiresIn: TV_PAIRING_TTL_SECONDS };
    },

    /** The phone's reader lets the TV that shows `code` sign in as them. */
    async approve(viewer: Viewer, code: string): Promise<void> {
      const reader = requireSignedIn(viewer, "请先在手机上登录");
      const pairing = await read(code);
      if (!pairing) throw new BadRequestError("二维码已过期，请在电视上重新生成");
      if (pairing.state !== "pending") throw new BadRequestError("这个二维码已经确认过了");
      const { ticket } = await deps.accounts.issueTicket(reader);
      await store.set(keyOf(code), JSON.stringify({ state: "approved", ticket }), 60);
    },

    /**
     * Where the TV's code stands: still waiting, expired, or approved — then, once, whose login
     * the TV takes (the code is spent in the same step).
     */
    async poll(
      code: string,
    ): Promise<{ state: "pending" | "expired" } | { state: "approved"; owner: SessionOwner }> {
      const pairing = await read(code);
      if (!pairing) return { state: "expired" };
      if (pairing.state === "pending") return { state: "pending" };
      const taken = await store.take(keyOf(code));
      if (!taken) return { state: "expired" };
      const { ticket } = JSON.parse(taken) as { ticket: string };
      return { state: "approved", owner: await deps.accounts.redeemTicket(ticket) };
    },
  };
}
