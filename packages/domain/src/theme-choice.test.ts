import { describe, expect, it } from "vitest";
import {
  APP_THEME_UA_TOKEN,
  appThemeFromUserAgent,
  forcedTheme,
  parseStoredThemeChoice,
  THEME_CHOICE_LABELS,
  THEME_CHOICES,
} from "./theme-choice.ts";

const IOS_APP =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/4.20.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("appThemeFromUserAgent", () => {
  it("reads the theme our app appends after its own token", () => {
    expect(appThemeFromUserAgent(`${IOS_APP} ${APP_THEME_UA_TOKEN}/dark`)).toBe("dark");
    expect(appThemeFromUserAgent(`${IOS_APP} TongjianTheme/light`)).toBe("light");
  });

  it("is null for an app that reports no theme, or an unknown one", () => {
    expect(appThemeFromUserAgent(IOS_APP)).toBeNull();
    expect(appThemeFromUserAgent(`${IOS_APP} TongjianTheme/sepia`)).toBeNull();
    expect(appThemeFromUserAgent(`${IOS_APP} TongjianTheme/darker`)).toBeNull();
  });

  it("ignores the token outside our app", () => {
    expect(appThemeFromUserAgent(`${SAFARI} TongjianTheme/dark`)).toBeNull();
    expect(appThemeFromUserAgent("")).toBeNull();
    expect(appThemeFromUserAgent(null)).toBeNull();
  });
});

describe("parseStoredThemeChoice", () => {
  it("keeps the three choices and drops anything else", () => {
    for (const choice of THEME_CHOICES) expect(parseStoredThemeChoice(choice)).toBe(choice);
    expect(parseStoredThemeChoice("Dark")).toBeNull();
    expect(parseStoredThemeChoice("")).toBeNull();
    expect(parseStoredThemeChoice(null)).toBeNull();
  });

  it("names each choice in Chinese", () => {
    expect(THEME_CHOICES.map((c) => THEME_CHOICE_LABELS[c])).toEqual(["跟随系统", "浅色", "深色"]);
  });
});

describe("forcedTheme", () => {
  it("lets the app's theme win over the reader's choice", () => {
    expect(forcedTheme("dark", "light")).toBe("dark");
    expect(forcedTheme("light", "dark")).toBe("light");
  });

  it("forces the reader's light or dark choice, and nothing for 跟随系统", () => {
    expect(forcedTheme(null, "dark")).toBe("dark");
    expect(forcedTheme(null, "light")).toBe("light");
    expect(forcedTheme(null, "system")).toBeNull();
    expect(forcedTheme(null, null)).toBeNull();
  });
});
