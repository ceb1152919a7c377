import { describe, expect, it } from "vitest";
import { dpadTarget } from "./dpad-focus.ts";

describe("dpadTarget", () => {
  const items = ["a", "b", "c"];
  it("moves forward on down and right, back on up and left", () => {
    expect(dpadTarget(items, "a", "ArrowDown")).toBe("b");
    expect(dpadTarget(items, "b", "ArrowRight")).toBe("c");
    expect(dpadTarget(items, "c", "ArrowUp")).toBe("b");
    expect(dpadTarget(items, "b", "ArrowLeft")).toBe("a");
  });
  it("stops at either end and ignores other keys and strangers", () => {
    expect(dpadTarget(items, "c", "ArrowDown")).toBeNull();
    expect(dpadTarget(items, "a", "ArrowUp")).toBeNull();
    expect(dpadTarget(items, "a", "Enter")).toBeNull();
    expect(dpadTarget(items, "z", "ArrowDown")).toBeNull();
  });
});
