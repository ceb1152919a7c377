import { describe, expect, it } from "vitest";
import {
  APP_VERSION_THRESHOLDS,
  appVersionFlags,
  compareVersions,
  isVersionAtLeast,
  parseVersion,
} from "./app-version.ts";

describe("parseVersion", () => {
  it("reads the numeric parts", () => {
    expect(parseVersion("4.11.2")).toEqual([4, 11, 2]);
    expect(parseVersion("v1.5")).toEqual([1, 5]);
    expect(parseVersion("4.11.2-beta.1")).toEqual([4, 11, 2]);
    expect(parseVersion("10")).toEqual([10]);
  });

  it("returns null when there is no leading number", () => {
    expect(parseVersion("")).toBeNull();
    expect(parseVersion("beta")).toBeNull();
    expect(parseVersion(".1")).toBeNull();
  });
});

describe("compareVersions", () => {
  it("compares part by part as numbers", () => {
    expect(compareVersions("4.11.0", "4.9.9")).toBe(1);
    expect(compareVersions("4.9.9", "4.11.0")).toBe(-1);
    expect(compareVersions("1.5.2", "1.5.2")).toBe(0);
    expect(compareVersions("1.5.10", "1.5.9")).toBe(1);
    expect(compareVersions("3.3.0", "1.5.2")).toBe(1);
  });

  it("treats missing parts as zero", () => {
    expect(compareVersions("4.11", "4.11.0")).toBe(0);
    expect(compareVersions("4.11.0.1", "4.11")).toBe(1);
    expect(compareVersions("4", "4.0.1")).toBe(-1);
  });

  it("puts unreadable versions lowest", () => {
    expect(compareVersions("garbage", "0.0.1")).toBe(-1);
    expect(compareVersions("garbage", "")).toBe(0);
  });
});

describe("isVersionAtLeast", () => {
  it("includes the threshold itself", () => {
    expect(isVersionAtLeast("4.11.1", "4.11.1")).toBe(true);
    expect(isVersionAtLeast("4.11.0", "4.11.1")).toBe(false);
    expect(isVersionAtLeast("4.12", "4.11.1")).toBe(true);
  });

  it("is false without a readable version", () => {
    expect(isVersionAtLeast(null, "1.4.7")).toBe(false);
    expect(isVersionAtLeast(undefined, "1.4.7")).toBe(false);
    expect(isVersionAtLeast("", "0")).toBe(false);
    expect(isVersionAtLeast("dev", "0")).toBe(false);
  });
});

describe("appVersionFlags", () => {
  it("has a flag for every spec threshold", () => {
    expect(Object.keys(appVersionFlags("1.0.0")).sort()).toEqual(
      [...APP_VERSION_THRESHOLDS].sort(),
    );
    expect(APP_VERSION_THRESHOLDS).toHaveLength(15);
  });

  it("sets the flags at and below the version", () => {
    const flags = appVersionFlags("4.11.1");
    expect(flags["4.11.1"]).toBe(true);
    expect(flags["4.5.0"]).toBe(true);
    expect(flags["1.4.7"]).toBe(true);
    expect(flags["4.11.2"]).toBe(false);
    expect(flags["4.19.0"]).toBe(false);
  });

  it("is all false outside the app", () => {
    expect(Object.values(appVersionFlags(null)).every((flag) => !flag)).toBe(true);
  });
});
