import { describe, expect, it } from "vitest";
import { addDeviceRead, DEVICE_HISTORY_MAX, type DeviceRead } from "./device-history.ts";
import { deviceTop, deviceUploads, parseDeviceHistory } from "./device-history-list.ts";

const id = (n: number) => n.toString(16).padStart(24, "0");

describe("reading history on the device", () => {
  it("moves a read item to the top and counts it again", () => {
    const add = (list: DeviceRead[], read: Parameters<typeof addDeviceRead>[1], now: number) =>
      addDeviceRead(JSON.stringify(list), read, now);
    let list: DeviceRead[] = [];
    list = add(list, { kind: "entry", id: id(1), title: "李白" }, 1000);
    list = add(list, { kind: "article", id: id(2), title: "安史之乱" }, 2000);
    list = add(list, { kind: "entry", id: id(1), title: "李白" }, 3000);
    expect(list.map((r) => [r.id, r.n, r.at])).toEqual([
      [id(1), 2, 3000],
      [id(2), 1, 2000],
    ]);
    // The same id as an entry and as an article are two items.
    list = add(list, { kind: "article", id: id(1), title: "文章" }, 4000);
    expect(list).toHaveLength(3);
  });

  it("starts afresh from whatever else the storage held, and drops nulls", () => {
    for (const stored of [null, "junk", '{"a":1}', "42", "{not json"])
      expect(addDeviceRead(stored, { kind: "entry", id: id(1), title: "李白" }, 9)).toEqual([
        { kind: "entry", id: id(1), title: "李白", at: 9, n: 1 },
      ]);
    const odd = JSON.stringify([null, { kind: "entry", id: id(1), title: "李白", at: 1, n: "x" }]);
    expect(addDeviceRead(odd, { kind: "entry", id: id(1), title: "李白" }, 9)).toEqual([
      { kind: "entry", id: id(1), title: "李白", at: 9, n: 1 },
    ]);
  });

  it("keeps the most recent reads only", () => {
    let list: DeviceRead[] = [];
    for (let i = 0; i < DEVICE_HISTORY_MAX + 5; i++)
      list = addDeviceRead(
        JSON.stringify(list),
        { kind: "entry", id: id(i), title: `词条${i}` },
        i,
      );
    expect(list).toHaveLength(DEVICE_HISTORY_MAX);
    expect(list[0]?.id).toBe(id(DEVICE_HISTORY_MAX + 4));
    expect(list.some((r) => r.id === id(0))).toBe(false);
  });

  it("reads back only well-formed records", () => {
    const good = { kind: "entry", id: id(7), title: "杜甫", at: 5, n: 2 };
    const stored = JSON.stringify([
      good,
      { kind: "poem", id: id(8), title: "x", at: 1, n: 1 },
      { kind: "entry", id: "not-an-id", title: "x", at: 1, n: 1 },
      { kind: "entry", id: id(9), title: "x", at: 1, n: 0 },
      "junk",
      null,
    ]);
    expect(parseDeviceHistory(stored)).toEqual([good]);
    expect(parseDeviceHistory("{not json")).toEqual([]);
    expect(parseDeviceHistory(null)).toEqual([]);
    expect(parseDeviceHistory('{"a":1}')).toEqual([]);
  });

  it("ranks by count, then by the latest read, and uploads ISO times", () => {
    const list: DeviceRead[] = [
      { kind: "entry", id: id(1), title: "a", at: 10, n: 1 },
      { kind: "article", id: id(2), title: "b", at: 5, n: 3 },
      { kind: "entry", id: id(3), title: "c", at: 20, n: 1 },
    ];
    expect(deviceTop(list).map((r) => r.id)).toEqual([id(2), id(3), id(1)]);
    expect(deviceTop(list, "entry").map((r) => r.id)).toEqual([id(3), id(1)]);
    expect(deviceUploads(list.slice(1, 2))).toEqual([
      { type: "article", id: id(2), readAt: "1970-01-01T00:00:00.005Z", count: 3 },
    ]);
  });
});
