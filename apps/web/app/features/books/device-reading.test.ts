import { describe, expect, it } from "vitest";
import { addDeviceBookmark, removeDeviceBookmark } from "./device-bookmarks.ts";
import {
  clearDevice,
  mergeRequest,
  parseDeviceReading,
  readDevice,
  savePlace,
} from "./device-reading.ts";

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("reading kept on the device", () => {
  it("keeps the place per book and the bookmarks in reading order", () => {
    const store = memory();
    savePlace("lunyu", { position: 2, offset: 0.4 }, new Date("2026-01-01T00:00:00Z"), store);
    savePlace("mengzi", { position: 1, offset: 0 }, new Date("2026-01-02T00:00:00Z"), store);
    savePlace("lunyu", { position: 3, offset: 0.1 }, new Date("2026-01-03T00:00:00Z"), store);
    const late = addDeviceBookmark(
      "lunyu",
      { position: 2, offset: 0.5, excerpt: "为政以德" },
      new Date(),
      store,
    );
    addDeviceBookmark(
      "lunyu",
      { position: 1, offset: 0.2, excerpt: "学而时习之" },
      new Date(),
      store,
    );
    const value = readDevice(store);
    expect(value.places.lunyu).toEqual({
      position: 3,
      offset: 0.1,
      updatedAt: "2026-01-03T00:00:00.000Z",
    });
    expect(value.bookmarks.lunyu?.map((b) => b.excerpt)).toEqual(["学而时习之", "为政以德"]);
    removeDeviceBookmark("lunyu", late.id, store);
    expect(readDevice(store).bookmarks.lunyu?.map((b) => b.excerpt)).toEqual(["学而时习之"]);
    const body = mergeRequest(readDevice(store));
    expect(body?.progress.map((p) => p.book).sort()).toEqual(["lunyu", "mengzi"]);
    expect(body?.bookmarks).toEqual([
      { book: "lunyu", position: 1, offset: 0.2, excerpt: "学而时习之" },
    ]);
    clearDevice(store);
    expect(mergeRequest(readDevice(store))).toBeNull();
  });

  it("drops what it cannot trust", () => {
    expect(parseDeviceReading("not json")).toEqual({ places: {}, bookmarks: {} });
    const parsed = parseDeviceReading(
      JSON.stringify({
        places: {
          a: { position: 0, offset: 0, updatedAt: "x" },
          b: { position: 2, offset: 0.5, updatedAt: "t" },
        },
        bookmarks: { a: [{ id: "1", position: 1, offset: 3, excerpt: "x", createdAt: "t" }] },
      }),
    );
    expect(Object.keys(parsed.places)).toEqual(["b"]);
    expect(parsed.bookmarks).toEqual({});
  });
});
