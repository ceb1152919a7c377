import type { AbPathResult } from "@tongjian/contracts/graph-path";

/** Spec §3 "abpathShare": the ends of a shared path and the entries it passes through. */
export interface AbPathShare {
  from: string;
  pass: string[];
  to: string;
}

export function abPathShareState(result: AbPathResult): AbPathShare {
  const path = result.paths[0];
  const names = (path?.nodeIds ?? []).map((id) => result.nodes[id]?.name ?? "");
  return {
    from: result.source.name,
    pass: names.slice(1, -1).filter(Boolean),
    to: result.destination.name,
  };
}

/** "李白 与 杜甫 的关系链". */
export const abPathShareTitle = (share: AbPathShare) => `${share.from} 与 ${share.to} 的关系链`;

/** "李渊 → 李白 → 杜甫：3 步相连". */
export function abPathShareDescription(share: AbPathShare, result: AbPathResult): string {
  const chain = [share.from, ...share.pass, share.to].join(" → ");
  return result.outcome === "found"
    ? `${chain}：${result.length} 步相连，共找到 ${result.paths.length} 条关系链。`
    : result.message;
}
