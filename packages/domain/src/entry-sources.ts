/**
 * The source line of an entry page: where the entry's facts are recorded (`sources` in the
 * content files, docs/content-format.md), stored in `entry.data` by the seed.
 */

export const SOURCES_LABEL = "资料来源";

/** The entry's sources as the seed stored them; [] when it has none (or data is malformed). */
export function entrySources(data: Record<string, unknown>): string[] {
  const list = data.sources;
  if (!Array.isArray(list)) return [];
  return list
    .filter((s): s is string => typeof s === "string")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** “资料来源：《史记·刺客列传》；《战国策·燕策三》”, or "" when there is nothing to cite. */
export function sourceLine(sources: readonly string[]): string {
  return sources.length > 0 ? `${SOURCES_LABEL}：${sources.join("；")}` : "";
}
