import { useCallback, useEffect, useRef, useState } from "react";

/** Data the page reads from the API in the browser, with its loading and error states. */
export type Remote<T> =
  | { status: "loading"; data: null; error: null }
  | { status: "ready"; data: T; error: null }
  | { status: "error"; data: null; error: string };

export function useRemote<T>(load: (() => Promise<T>) | null, key: string) {
  const [remote, setRemote] = useState<Remote<T>>({ status: "loading", data: null, error: null });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and round say when to load again
  useEffect(() => {
    const run = loadRef.current;
    if (!run) return;
    let live = true;
    setRemote({ status: "loading", data: null, error: null });
    run().then(
      (data) => live && setRemote({ status: "ready", data, error: null }),
      (error: unknown) =>
        live &&
        setRemote({
          status: "error",
          data: null,
          error: error instanceof Error && error.message ? error.message : "加载失败",
        }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return {
    ...remote,
    retry,
    setData: (data: T) => setRemote({ status: "ready", data, error: null }),
  };
}
