import { READING_CACHE } from "@tongjian/domain/reading-index";
import type { BrowserApi } from "../../shell/browser-api.ts";
import { rememberSignedOut } from "../../shell/native-login.ts";

/**
 * Logout (decision 18): the session ends on the server (and, inside the app, pages stop signing
 * in from the app's token for the rest of the visit), then the pages and API answers this
 * device saved for offline reading while the reader was signed in are deleted (decision 16 asked
 * for it: a signed-out reader's copies must not stay for the next person on the device).
 */
export async function signOut(api: BrowserApi): Promise<void> {
  await api.post("/api/auth/logout");
  // Inside the app, the next pages must not sign the reader in again from the app's token.
  rememberSignedOut();
  await dropSavedCopies();
}

export async function dropSavedCopies(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names
        .filter((name) => name === READING_CACHE || name.startsWith("tj-api-"))
        .map((name) => caches.delete(name)),
    );
  } catch {
    // Storage can be blocked; the session has ended on the server either way.
  }
}
