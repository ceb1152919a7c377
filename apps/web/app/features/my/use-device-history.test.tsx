// @vitest-environment happy-dom

import { cleanup, render } from "@testing-library/react";
import { DEVICE_HISTORY_KEY } from "@tongjian/domain/device-history";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDeviceHistory, hasDeviceHistory, readDeviceHistory } from "./device-history.ts";
import { useDeviceRead } from "./use-device-history.ts";

const ID = "b".repeat(24);

function Page({ signedIn, id = ID }: { signedIn: boolean; id?: string | null }) {
  useDeviceRead(signedIn, { kind: "entry", id, title: "杜甫" });
  return null;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("reading history on the device", () => {
  it("keeps an anonymous reader's reads, counted, newest first", () => {
    render(<Page signedIn={false} />);
    cleanup();
    render(<Page signedIn={false} id={"c".repeat(24)} />);
    cleanup();
    render(<Page signedIn={false} />);
    const reads = readDeviceHistory();
    expect(reads.map((r) => [r.id, r.n, r.title])).toEqual([
      [ID, 2, "杜甫"],
      ["c".repeat(24), 1, "杜甫"],
    ]);
    expect(hasDeviceHistory()).toBe(true);
    clearDeviceHistory();
    expect(hasDeviceHistory()).toBe(false);
  });

  it("keeps nothing for a signed-in reader (the server has it) or a page without an item", () => {
    render(<Page signedIn />);
    render(<Page signedIn={false} id={null} />);
    expect(localStorage.getItem(DEVICE_HISTORY_KEY)).toBeNull();
  });

  it("replaces what it cannot read instead of failing", () => {
    localStorage.setItem(DEVICE_HISTORY_KEY, "{broken");
    render(<Page signedIn={false} />);
    expect(readDeviceHistory().map((r) => r.id)).toEqual([ID]);
  });
});
