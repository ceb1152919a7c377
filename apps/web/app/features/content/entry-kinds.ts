import { ENTRY_KIND_NAMES, TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";

/** The label of an entry's kind, looked up by the kind as the API gives it (a string). */
export const KIND_NAMES: Readonly<Record<string, string>> = ENTRY_KIND_NAMES;

/** Kinds whose page is their text (poems, classic chapters) rather than a facts-and-graph page. */
export const TEXT_KINDS: ReadonlySet<string> = new Set(TEXT_ENTRY_KINDS);
