// WeChat Pay v2 speaks flat XML: one <xml> root, one level of elements, values as text or CDATA.

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&apos;": "'",
};

/** The fields of a flat `<xml>` document, or null when it is not one. */
export function parsePayXml(text: string): Record<string, string> | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) return null;
  const fields: Record<string, string> = {};
  const element = /<([A-Za-z_][\w.-]*)>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<])*)<\/\1>/g;
  const body = root[1] ?? "";
  let consumed = 0;
  for (const match of body.matchAll(element)) {
    if (body.slice(consumed, match.index).trim() !== "") return null;
    consumed = match.index + match[0].length;
    const [, name, content] = match;
    if (!name) return null;
    fields[name] = (content ?? "").replace(
      /<!\[CDATA\[([\s\S]*?)\]\]>|&(?:lt|gt|amp|quot|apos);/g,
      (text, cdata: string | undefined) => cdata ?? ENTITIES[text] ?? text,
    );
  }
  if (body.slice(consumed).trim() !== "") return null;
  return fields;
}

export function toPayXml(fields: Readonly<Record<string, string | number>>): string {
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === "number"
      ? `<${name}>${value}</${name}>`
      : `<${name}><![CDATA[${value.replaceAll("]]>", "]]]]><![CDATA[>")}]]></${name}>`,
  );
  return `<xml>${parts.join("")}</xml>`;
}
