import type { VoteCampaignKey } from "@tongjian/domain/votes";
import { notFound } from "../../shell/not-found.ts";
import { voteKeyOf } from "./vote-pages.ts";

/** The vote campaign of a page's path, or the 404 screen. */
export function voteKeyOrNotFound(url: URL): VoteCampaignKey {
  const key = voteKeyOf(url.pathname);
  if (!key) throw notFound();
  return key;
}

/**
 * The service's result, or the 404 screen for a campaign or candidate that does not exist, and
 * for a candidate id that cannot be one (the API answers that 400; a page has only "not found").
 */
export async function orMissing<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (
      error instanceof Error &&
      (error.name === "NotFoundError" || error.name === "BadRequestError")
    )
      throw notFound(message);
    throw error;
  }
}
