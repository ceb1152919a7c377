import {
  parseStoredThemeChoice,
  THEME_CHOICE_DEFAULT,
  THEME_CHOICE_LABELS,
  THEME_CHOICES,
  type ThemeChoice,
} from "@tongjian/domain/theme-choice";
import { useEffect, useState } from "react";
import { THEME_STORAGE_KEY } from "./theme-script.ts";
import "./theme-switch.css";

function readStored(): ThemeChoice {
  try {
    return (
      parseStoredThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY)) ?? THEME_CHOICE_DEFAULT
    );
  } catch {
    // Storage can be blocked (private mode, some webviews): the page follows the system.
    return THEME_CHOICE_DEFAULT;
  }
}

/**
 * The 外观 control (跟随系统 / 浅色 / 深色): the phone's own picker over a 44 px icon, so it
 * costs the first load a few hundred bytes and works with every screen reader. The choice is
 * kept on the device and applied at once by the head script (theme-script.ts), which also
 * applies it before the first paint of every later page. Hidden where the app sets the theme.
 */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(THEME_CHOICE_DEFAULT);
  // The server cannot know the stored choice: the picker shows it once the page runs.
  useEffect(() => setChoice(readStored()), []);
  const choose = (next: ThemeChoice) => {
    setChoice(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not remembered when storage is blocked: the head script keeps it while the page is open.
    }
    window.__tongjianApplyTheme?.(next);
  };
  return (
    <span className="tj-theme-switch" data-testid="theme-switch">
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 3.5a8.5 8.5 0 0 1 0 17Z" fill="currentColor" />
      </svg>
      <select
        aria-label="外观"
        value={choice}
        onChange={(event) =>
          choose(parseStoredThemeChoice(event.target.value) ?? THEME_CHOICE_DEFAULT)
        }
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {THEME_CHOICE_LABELS[c]}
          </option>
        ))}
      </select>
    </span>
  );
}
