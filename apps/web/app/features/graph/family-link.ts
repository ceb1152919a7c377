import { FAMILY_TYPES } from "@tongjian/domain/family-tree";

/**
 * Whose family tree an entry page links to: a person's own when they have kin in the corpus,
 * a regime's founder's (the ruling house: 唐 → 李渊), none for anything else.
 */
export function familyTreeIdOf(
  entry: { id: string; kind: string },
  facts: { founder?: unknown; refs?: Record<string, { id: string; kind: string }> },
  relationTypes: readonly string[] | null,
): string | null {
  if (entry.kind === "person") {
    return relationTypes?.some((t) => FAMILY_TYPES.includes(t) && t !== "继位") ? entry.id : null;
  }
  if (entry.kind === "regime" && typeof facts.founder === "string") {
    const founder = facts.refs?.[facts.founder];
    return founder?.kind === "person" ? founder.id : null;
  }
  return null;
}
