import { options } from "preact";
import { renderToString } from "preact-render-to-string";
import { Children, isValidElement } from "react";
import { describe, expect, it } from "vitest";
import { installPreactOptions } from "./preact-options.ts";

// Every kind of prop the pages and React Router write: React names that Preact's differ needs
// rewritten (className, htmlFor, camelCase SVG, defaultValue …), and the rest.
function Sample() {
  return (
    <div className="box" id="top" data-route-status="built" aria-busy={false}>
      <label htmlFor="q">关键词</label>
      <input id="q" defaultValue="李白 & 杜甫" readOnly aria-hidden={true} tabIndex={-1} />
      <input type="checkbox" defaultChecked onChange={() => {}} />
      <textarea defaultValue="<诗>" />
      <select defaultValue="b">
        <option value="a">甲</option>
        <option value="b">乙</option>
      </select>
      <svg
        aria-hidden="true"
        width="16"
        viewBox="0 0 24 24"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <circle cx="11" cy="11" r="7" fillOpacity={0.5} />
        <path d="m20 20-3.5-3.5" fillRule="evenodd" />
      </svg>
      <a href="/detail/1" download onClick={() => {}} style={{ marginTop: 4, lineHeight: 1.5 }}>
        查看
      </a>
      <div dangerouslySetInnerHTML={{ __html: "<b>正文</b>" }} />
      <meta httpEquiv="x-ua-compatible" content="IE=edge" />
      <script suppressHydrationWarning>{"window.x = 1"}</script>
    </div>
  );
}

/** The markup with every tag's attributes in one order: the two hooks order them differently. */
function normalized(html: string): string {
  return html.replace(
    /<([a-z]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g,
    (_m, tag, attrs, slash) => {
      const list = (attrs.match(/[^\s=>/]+(?:="[^"]*")?/g) ?? []).sort();
      return `<${tag}${list.map((a: string) => ` ${a}`).join("")}${slash}>`;
    },
  );
}

describe("Preact options on the server", () => {
  it("renders the same markup as preact/compat's element hook, without the hydration hint", () => {
    const withCompat = renderToString(<Sample />);
    const compatHook = options.vnode;
    installPreactOptions({ server: true });
    try {
      const lean = renderToString(<Sample />);
      expect(lean).not.toContain("suppressHydrationWarning");
      expect(lean).not.toContain("suppresshydrationwarning");
      expect(normalized(lean)).toBe(
        normalized(withCompat.replace(/ suppresshydrationwarning(="[^"]*")?/gi, "")),
      );
      expect(lean).toContain('stroke-width="2.2"');
      expect(lean).toContain('class="box"');
      expect(lean).toContain('for="q"');
      // React's element checks still know the elements.
      const element = <span>一</span>;
      expect(isValidElement(element)).toBe(true);
      expect(Children.toArray([<i key="a" />, "二"]).length).toBe(2);
    } finally {
      options.vnode = compatHook;
    }
  });
});
