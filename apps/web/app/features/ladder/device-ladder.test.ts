import type { DeviceReceipt, LevelCard } from "@tongjian/contracts/ladder";
import { describe, expect, it } from "vitest";
import {
  addDeviceReceipt,
  clearDeviceLadder,
  DEVICE_LADDER_KEY,
  deviceRecords,
  mergeRequest,
  parseDeviceLadder,
  readDeviceLadder,
  withDeviceProgress,
} from "./device-ladder.ts";

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const receipt = (
  levelKey: string,
  correct: number,
  total = 5,
  at = "2026-11-27T10:00:00Z",
): DeviceReceipt => ({
  levelKey,
  correct,
  total,
  at,
  wrong: [],
  sig: `sig-${levelKey}-${correct}-${at}`,
});

const level = (key: string, position: number, sample = false): LevelCard => ({
  id: `${position}`.padStart(24, "0"),
  key,
  ladderKey: "wenshi",
  ladderKind: "wenshi",
  position,
  title: key,
  intro: "",
  sample,
  pointCount: 2,
  questionCount: 5,
  access: sample,
  unlocked: position === 0,
  progress: null,
});

describe("a visitor's ladder practice on the device", () => {
  it("keeps the receipts, drops what it cannot read and clears them", () => {
    const store = memory();
    addDeviceReceipt(receipt("a", 3), store);
    addDeviceReceipt(receipt("a", 5, 5, "2026-11-27T11:00:00Z"), store);
    expect(readDeviceLadder(store).length).toBe(2);
    expect(parseDeviceLadder("{not json")).toEqual([]);
    expect(
      parseDeviceLadder(JSON.stringify({ receipts: [{ levelKey: "a", correct: 9, total: 5 }] })),
    ).toEqual([]);
    expect(mergeRequest(readDeviceLadder(store))?.receipts.length).toBe(2);
    clearDeviceLadder(store);
    expect(store.getItem(DEVICE_LADDER_KEY)).toBeNull();
    expect(mergeRequest([])).toBeNull();
  });

  it("lays the device's best records and unlocks over the ladder", () => {
    const records = deviceRecords([receipt("a", 2), receipt("a", 4), receipt("b", 1)]);
    expect(records.a).toMatchObject({ bestCorrect: 4, passed: true, attempts: 2 });
    const levels = withDeviceProgress(
      [level("a", 0, true), level("b", 1, true), level("c", 2)],
      records,
    );
    expect(levels.map((l) => l.unlocked)).toEqual([true, true, false]);
    expect(levels[0]?.progress).toMatchObject({ stars: 2, points: 60, passed: true });
    expect(levels[1]?.progress?.passed).toBe(false);
    expect(levels[2]?.progress).toBeNull();
  });
});
