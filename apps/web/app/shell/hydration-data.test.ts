import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { escapeLessThan, hydrationDataScripts } from "./hydration-data.ts";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/**
 * Runs the page's tail as the browser would: the HTML parser keeps a script element's text as
 * it is up to `</script`, and the scripts run against a stand-in for React Router's controller.
 */
function runScripts(bytes: Uint8Array) {
  const html = Buffer.from(bytes).toString("utf8");
  const received: string[] = [];
  let closed = 0;
  let removed = 0;
  const elements = new Map<string, { textContent: string; remove: () => void }>();
  const bodies: string[] = [];
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs = "", text = ""] = m;
    const id = attrs.match(/id="([^"]+)"/)?.[1];
    if (attrs.includes('type="text/plain"') && id) {
      elements.set(id, { textContent: text, remove: () => removed++ });
    } else bodies.push(text);
  }
  const window = {
    __reactRouterContext: {
      streamController: {
        enqueue: (text: string) => received.push(text),
        close: () => closed++,
      },
    },
  };
  const document = { getElementById: (id: string) => elements.get(id) ?? null };
  for (const body of bodies) runInNewContext(body, { window, document });
  return { received, closed, removed, scripts: bodies.length };
}

/** The stream's text as the browser's JSON reader takes it (`\u003c` is `<` in JSON). */
const asJson = (text: string) => JSON.parse(text.trimEnd()) as unknown;

describe("hydrationDataScripts", () => {
  it("hands the whole stream to the stream controller in order, then closes it", async () => {
    const encoder = new TextEncoder();
    const html = await hydrationDataScripts(
      streamOf([encoder.encode('[{"_1":2},"loaderData"'), encoder.encode(',"李白"]\n')]),
    );
    const { received, closed, removed, scripts } = runScripts(html);
    expect(received).toEqual(['[{"_1":2},"loaderData","李白"]\n']);
    expect(closed).toBe(1);
    expect(removed).toBe(1);
    expect(scripts).toBe(1);
  });

  it("keeps a character split across chunks whole", async () => {
    const bytes = new TextEncoder().encode('["通鉴"]');
    const html = await hydrationDataScripts(streamOf([bytes.slice(0, 4), bytes.slice(4)]));
    expect(runScripts(html).received.join("")).toBe('["通鉴"]');
  });

  it("cannot end its element or open a comment with the data it carries", async () => {
    const data = ["</script><script>alert(1)</script>", '<!-- & \u2028 \u2029 "quoted" \\ \'', "<"];
    const text = `${JSON.stringify(data)}\n`;
    const html = await hydrationDataScripts(streamOf([new TextEncoder().encode(text)]));
    const page = html.toString("utf8");
    expect(page).not.toContain("</script><script>alert");
    expect(page).not.toContain("<!--");
    const { received } = runScripts(html);
    expect(received).toHaveLength(1);
    expect(asJson(received[0] ?? "")).toEqual(data);
  });

  it("writes only the close call for an empty stream", async () => {
    const html = await hydrationDataScripts(streamOf([]));
    expect(html.toString()).toBe(
      "<script>window.__reactRouterContext.streamController.close();</script>",
    );
  });

  it("carries any JSON through: quotes, backslashes, controls, separators, markup, CJK, emoji", async () => {
    const alphabet = [
      '"',
      "\\",
      "\n",
      "\r",
      "\t",
      "\u0000",
      "\u001f",
      "<",
      ">",
      "&",
      "/",
      "\u2028",
    ];
    alphabet.push("\u2029", "€", "李", "白", "😀", "a", " ", "'", "`", "$", "{", "}", "-", "!");
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join("");
    for (let round = 0; round < 200; round++) {
      const value = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        [word()]: word(),
      }));
      const bytes = new TextEncoder().encode(`${JSON.stringify(value)}\n`);
      const cut = Math.floor(random() * bytes.length);
      const html = await hydrationDataScripts(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
      const { received } = runScripts(html);
      expect(asJson(received.join(""))).toEqual(value);
      const element = html.toString("utf8").split("</script>")[0] ?? "";
      expect(element.slice(element.indexOf(">") + 1)).not.toContain("<");
    }
  });

  it("escapes every less-than and nothing else", () => {
    expect(escapeLessThan(Buffer.from("a<b<<c")).toString()).toBe("a\\u003cb\\u003c\\u003cc");
    const plain = Buffer.from("没有尖括号");
    expect(escapeLessThan(plain)).toBe(plain);
  });
});
