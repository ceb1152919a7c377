import { type ConnectionHints, shouldPrefetchLinks } from "@tongjian/domain/link-prefetch";
import { useEffect, useState } from "react";

/** React Router's `prefetch` value for links: "intent", or "none" on 2g and save-data. */
export function usePrefetchMode(): "intent" | "none" {
  const [mode, setMode] = useState<"intent" | "none">("none");
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    setMode(shouldPrefetchLinks(connection) ? "intent" : "none");
  }, []);
  return mode;
}
