/**
 * Light and dark themes (issue 15 §3): the reader chooses 跟随系统, 浅色 or 深色 on the device;
 * inside our app the theme the app reports wins over that choice.
 *
 * The app reports its theme in the webview's user agent, after its own token:
 *   … Mobile/15E148 TongjianApp/4.20.0 TongjianTheme/dark
 * and, when the reader changes it while a page is open, by calling
 * `window.__tongjianSetTheme("dark")` (docs/native-bridge.md, "Theme").
 */
import { NATIVE_APP_UA_TOKEN } from "./app-env.ts";

export type Theme = "light" | "dark";
export type ThemeChoice = "system" | Theme;

export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
export const THEME_CHOICE_DEFAULT: ThemeChoice = "system";

/** The choices as the appearance control names them. */
export const THEME_CHOICE_LABELS: Readonly<Record<ThemeChoice, string>> = {
  system: "跟随系统",
  light: "浅色",
  dark: "深色",
};

export const APP_THEME_UA_TOKEN = "TongjianTheme";
/** The app's theme in its user agent; the head script reads it with this same pattern. */
export const APP_THEME_PATTERN = /\bTongjianTheme\/(light|dark)\b/;
export const NATIVE_APP_TOKEN_PATTERN = new RegExp(`\\b${NATIVE_APP_UA_TOKEN}/`);

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/** A choice remembered on the device; anything unreadable is null (follow the system). */
export function parseStoredThemeChoice(value: string | null | undefined): ThemeChoice | null {
  return THEME_CHOICES.find((choice) => choice === value) ?? null;
}

/** The theme our app reports in its user agent; null outside the app or when it reports none. */
export function appThemeFromUserAgent(userAgent: string | null | undefined): Theme | null {
  const ua = userAgent ?? "";
  if (!NATIVE_APP_TOKEN_PATTERN.test(ua)) return null;
  const theme = APP_THEME_PATTERN.exec(ua)?.[1];
  return isTheme(theme) ? theme : null;
}

/**
 * The theme forced on the page, or null to follow the system's (prefers-color-scheme): the
 * app's theme first, then the reader's choice.
 */
export function forcedTheme(appTheme: Theme | null, choice: ThemeChoice | null): Theme | null {
  if (appTheme) return appTheme;
  return choice === "light" || choice === "dark" ? choice : null;
}
