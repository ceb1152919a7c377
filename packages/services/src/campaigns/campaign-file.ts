import { NotFoundError } from "../service-error.ts";

/**
 * A campaign's file under the content folder (the lots of 求签, the wordings of 贺卡), read and
 * checked on first use and kept. A failed read is tried again on the next call; content without
 * the file (a deployment that does not run the campaign) answers 404 with `missing`, not a 500.
 */
export function campaignFile<T>(read: () => Promise<T>, missing: string): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= read().catch((error: unknown) => {
      loaded = null;
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(missing);
      throw error;
    });
    return loaded;
  };
}
