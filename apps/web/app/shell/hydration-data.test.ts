import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { hydrationDataScripts } from "./hydration-data.ts";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/** Runs the scripts as the browser would, against a stand-in for React Router's controller. */
function runScripts(html: string) {
  const received: string[] = [];
  let closed = 0;
  const window = {
    __reactRouterContext: {
      streamController: {
        enqueue: (text: string) => received.push(text),
        close: () => closed++,
      },
    },
  };
  const bodies = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  for (const body of bodies) runInNewContext(body, { window });
  return { received, closed, scripts: bodies.length };
}

describe("hydrationDataScripts", () => {
  it("hands every chunk to the stream controller in order, then closes it", async () => {
    const encoder = new TextEncoder();
    const html = await hydrationDataScripts(
      streamOf([encoder.encode('[{"_1":2},"loaderData"'), encoder.encode(',"李白"]\n')]),
    );
    const { received, closed, scripts } = runScripts(html);
    expect(received).toEqual(['[{"_1":2},"loaderData"', ',"李白"]\n']);
    expect(closed).toBe(1);
    expect(scripts).toBe(3);
  });

  it("keeps a character split across chunks whole", async () => {
    const bytes = new TextEncoder().encode("通鉴");
    const html = await hydrationDataScripts(streamOf([bytes.slice(0, 2), bytes.slice(2)]));
    expect(runScripts(html).received.join("")).toBe("通鉴");
  });

  it("cannot end its script element or break the script with the data it carries", async () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028 \u2029 "quoted"';
    const html = await hydrationDataScripts(streamOf([new TextEncoder().encode(hostile)]));
    expect(html).not.toContain("</script><script>alert");
    expect(html).not.toContain("<!--");
    expect(html).not.toMatch(/[\u2028\u2029]/);
    expect(runScripts(html).received).toEqual([hostile]);
  });

  it("writes only the close call for an empty stream", async () => {
    const html = await hydrationDataScripts(streamOf([]));
    expect(html).toBe("<script>window.__reactRouterContext.streamController.close();</script>");
  });
});
