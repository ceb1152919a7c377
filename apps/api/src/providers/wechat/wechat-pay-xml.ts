// WeChat Pay v2 request and answer bodies: one <xml> root with one level of elements.

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&apos;": "'",
};

export function encodePayXml(fields: Readonly<Record<string, string | number>>): string {
  const parts = Object.entries(fields).map(([name, value]) => {
    // "]]>" cannot appear inside CDATA, so it is split across two sections.
    const text = String(value).replaceAll("]]>", "]]]]><![CDATA[>");
    return `<${name}><![CDATA[${text}]]></${name}>`;
  });
  return `<xml>${parts.join("")}</xml>`;
}

/** The fields of a flat `<xml>` answer, or null when the text is not one. */
export function decodePayXml(text: string): Record<string, string> | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) return null;
  const body = root[1] ?? "";
  const fields: Record<string, string> = {};
  let rest = body;
  const element = /^\s*<([A-Za-z_][\w.-]*)>((?:<!\[CDATA\[[\s\S]*?\]\]>|[^<])*)<\/\1>/;
  while (rest.trim() !== "") {
    const match = element.exec(rest);
    if (!match?.[1]) return null;
    fields[match[1]] = (match[2] ?? "").replace(
      /<!\[CDATA\[([\s\S]*?)\]\]>|&(?:lt|gt|amp|quot|apos);/g,
      (whole, cdata: string | undefined) => cdata ?? ENTITIES[whole] ?? whole,
    );
    rest = rest.slice(match[0].length);
  }
  return fields;
}
