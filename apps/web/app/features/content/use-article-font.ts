import {
  FONT_SIZES,
  FONT_VARIANT_DEFAULT,
  type FontVariant,
  fontVariant,
  parseNativeFontSize,
  parseStoredFontVariant,
} from "@tongjian/domain/font-option";
import { useCallback, useEffect, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";

import {
  ARTICLE_FONT_STORAGE_KEY,
  TEXT_SIZE_PROPERTY,
  TITLE_SIZE_PROPERTY,
} from "./article-font-script.ts";

/** Sizes are set on the document, where the head script sets them, and every article reads them. */
function applyFont(variant: FontVariant) {
  const { style } = document.documentElement;
  style.setProperty(TITLE_SIZE_PROPERTY, `${FONT_SIZES[variant].titlePx}px`);
  style.setProperty(TEXT_SIZE_PROPERTY, `${FONT_SIZES[variant].paragraphPx}px`);
}

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
  // The state drives the switch; the document's sizes drive the text. They change together.
  const show = useCallback((next: FontVariant) => {
    setVariant(next);
    applyFont(next);
  }, []);

  useEffect(() => {
    show(readStored() ?? FONT_VARIANT_DEFAULT);
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
        if (current) show(fontVariant(option));
      })
      .catch((error: unknown) => console.warn("无法读取App的字号设置", error));
    return () => {
      current = false;
    };
  }, [env.isNativeApp, bridge, show]);

  const choose = useCallback(
    (next: FontVariant) => {
      show(next);
      try {
        window.localStorage.setItem(ARTICLE_FONT_STORAGE_KEY, next);
      } catch {
        // Not remembered when storage is blocked; the choice still applies to this page.
      }
    },
    [show],
  );

  return [variant, choose];
}
