import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/** A problem of a content file, naming the record (its key, else list#n) and the field. */
export interface KeyedFileIssue {
  file: string;
  record: string;
  field: string;
  message: string;
}

/**
 * Reads a YAML file of keyed lists (`pieces: [{ key: … }]`, `scenes: …`) against its schema.
 * A problem goes to `issues` naming the record by its key (or `list#n`) and the field within it;
 * the answer is then null.
 */
export function parseKeyedFile<S extends z.ZodType>(
  source: string,
  schema: S,
  file: string,
  issues: KeyedFileIssue[],
): z.infer<S> | null {
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    issues.push({
      file,
      record: "-",
      field: "-",
      message: `YAML 解析失败：${(error as Error).message}`,
    });
    return null;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [list, index, ...rest] = issue.path;
    const items = (raw as Record<string, unknown> | null)?.[String(list)];
    const item = Array.isArray(items) && typeof index === "number" ? items[index] : undefined;
    const label =
      item && typeof item === "object" && typeof (item as { key?: unknown }).key === "string"
        ? (item as { key: string }).key
        : `${String(list ?? "-")}#${typeof index === "number" ? index + 1 : "-"}`;
    issues.push({ file, record: label, field: rest.join(".") || "-", message: issue.message });
  }
  return null;
}
