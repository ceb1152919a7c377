// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EntrySources } from "./entry-sources.tsx";

afterEach(cleanup);

describe("EntrySources", () => {
  it("shows the sources as one line", () => {
    render(<EntrySources sources={["《史记·刺客列传》", "《战国策·燕策三》"]} />);
    const line = screen.getByText("资料来源：《史记·刺客列传》；《战国策·燕策三》");
    expect(line.tagName).toBe("P");
    expect(line.className).toBe("tj-entry__sources");
  });

  it("shows nothing when the entry cites no source", () => {
    const { container } = render(<EntrySources sources={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
