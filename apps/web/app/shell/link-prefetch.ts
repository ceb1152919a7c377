/**
 * Spec §9: link prefetch is skipped on 2g connections or when the reader asked to save data
 * (Network Information API: `effectiveType`, `saveData`).
 */
export interface ConnectionHints {
  effectiveType?: string | undefined;
  saveData?: boolean | undefined;
}

export function shouldPrefetchLinks(connection: ConnectionHints | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !["slow-2g", "2g"].includes(connection.effectiveType ?? "");
}
