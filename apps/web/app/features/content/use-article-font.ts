import {
  FONT_VARIANT_DEFAULT,
  type FontVariant,
  fontVariant,
  parseNativeFontSize,
  parseStoredFontVariant,
} from "@tongjian/domain/font-option";
import { useCallback, useEffect, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";

export const ARTICLE_FONT_STORAGE_KEY = "tj:article-font";

function readStored(): FontVariant | null {
  try {
    return parseStoredFontVariant(window.localStorage.getItem(ARTICLE_FONT_STORAGE_KEY));
  } catch {
    // Storage can be blocked (private mode, some webviews): keep the default.
    return null;
  }
}

/**
 * The article text size: small until the reader picks another (remembered on the device), and
 * inside our app the reader's choice in the app, read over the bridge (spec §7 "get font"). A
 * reply that cannot be read is only logged (spec §8); the size stays as it is.
 */
export function useArticleFont(): [FontVariant, (variant: FontVariant) => void] {
  const { env, bridge } = usePlatform();
  const [variant, setVariant] = useState<FontVariant>(FONT_VARIANT_DEFAULT);

  useEffect(() => {
    const stored = readStored();
    if (stored) setVariant(stored);
    if (!env.isNativeApp) return;
    let current = true;
    bridge
      .call("getFont", {})
      .then((reply) => {
        const text = typeof reply === "string" ? reply : JSON.stringify(reply ?? null);
        const option = parseNativeFontSize(text);
        if (option === null) {
          console.warn("无法读取App的字号设置", reply);
          return;
        }
        if (current) setVariant(fontVariant(option));
      })
      .catch((error: unknown) => console.warn("无法读取App的字号设置", error));
    return () => {
      current = false;
    };
  }, [env.isNativeApp, bridge]);

  const choose = useCallback((next: FontVariant) => {
    setVariant(next);
    try {
      window.localStorage.setItem(ARTICLE_FONT_STORAGE_KEY, next);
    } catch {
      // Not remembered when storage is blocked; the choice still applies to this page.
    }
  }, []);

  return [variant, choose];
}
