/**
 * Native app versions and the feature thresholds the web pages check (spec §4 "Version flags",
 * §6 and §9 native proxy thresholds).
 *
 * The iOS and Android apps were numbered separately for a while (iOS 1.5.x beside Android
 * 3.3.x), so a threshold means "this platform's app is at least this version"; callers pick
 * the threshold for the platform they check.
 */

export const APP_VERSION_THRESHOLDS = [
  "1.4.7",
  "1.5.0",
  "1.5.2",
  "1.5.4",
  "1.5.5",
  "3.3.0",
  "3.6.0",
  "4.0.0",
  "4.2.0",
  "4.3.0",
  "4.5.0",
  "4.11.1",
  "4.11.2",
  "4.15.0",
  "4.19.0",
] as const;

export type AppVersionThreshold = (typeof APP_VERSION_THRESHOLDS)[number];

/** `atLeast["4.11.1"]`: the app's version is at least 4.11.1. All false outside the app. */
export type AppVersionFlags = Readonly<Record<AppVersionThreshold, boolean>>;

/** Spec §6, §9: proxying requests through the native network needs iOS app 1.5.2 or later … */
export const NATIVE_PROXY_MIN_VERSION_IOS = "1.5.2" satisfies AppVersionThreshold;
/** … or Android app 3.3.0 or later. */
export const NATIVE_PROXY_MIN_VERSION_ANDROID = "3.3.0" satisfies AppVersionThreshold;

const VERSION_PREFIX = /^\s*v?(\d+(?:\.\d+)*)/i;

/**
 * Numeric parts of a version, ignoring a leading "v" and any suffix after the numbers
 * ("4.11.2-beta.1" → [4, 11, 2]). Null when it does not start with a number.
 */
export function parseVersion(version: string): number[] | null {
  const match = VERSION_PREFIX.exec(version);
  const numbers = match?.[1];
  if (numbers === undefined) return null;
  return numbers.split(".").map(Number);
}

/**
 * -1, 0 or 1 as `a` is lower than, equal to or higher than `b`, part by part as numbers
 * (4.11 > 4.9), missing parts counting as 0 (4.11 equals 4.11.0). An unreadable version
 * counts as 0, so it sorts below every real one.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parseVersion(a) ?? [0];
  const right = parseVersion(b) ?? [0];
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** False for a missing or unreadable version: unknown apps get the oldest behaviour. */
export function isVersionAtLeast(version: string | null | undefined, minimum: string): boolean {
  if (version === null || version === undefined || parseVersion(version) === null) return false;
  return compareVersions(version, minimum) >= 0;
}

export function appVersionFlags(version: string | null | undefined): AppVersionFlags {
  const flags = {} as Record<AppVersionThreshold, boolean>;
  for (const threshold of APP_VERSION_THRESHOLDS) {
    flags[threshold] = isVersionAtLeast(version, threshold);
  }
  return flags;
}
