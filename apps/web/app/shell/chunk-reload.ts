const RELOAD_MARK = "tj:chunk-reload";

/** Messages browsers and Vite give when a lazily loaded chunk is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** Reloads once; a second failure in the same tab shows the error page instead of looping. */
export function reloadOnceForChunkError(
  storage: Pick<Storage, "getItem" | "setItem"> = window.sessionStorage,
  reload = () => window.location.reload(),
): boolean {
  if (storage.getItem(RELOAD_MARK)) return false;
  storage.setItem(RELOAD_MARK, String(Date.now()));
  reload();
  return true;
}
