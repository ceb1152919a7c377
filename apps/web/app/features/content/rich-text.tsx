/** Article and entry bodies: HTML that the server sanitised (spec §5) before sending it. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`tj-rich-text${className ? ` ${className}` : ""}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by content-sanitizer (spec §5).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
