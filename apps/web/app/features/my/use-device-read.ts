import type { ReadKind } from "@tongjian/domain/device-history";
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { recordDeviceRead } from "./device-history.ts";

/**
 * An entry or article page keeps the read on the device when the reader is anonymous (issue 16:
 * their pages come from the shared page cache, which writes nothing per reader). A signed-in
 * reader's read is recorded on the server by the loader that counts the view.
 */
export function useDeviceRead(kind: ReadKind, id: string | null, title: string) {
  const root = useRouteLoaderData("root") as { signedIn?: { kind: string } } | undefined;
  const anonymous = root?.signedIn?.kind === "anonymous";
  useEffect(() => {
    if (anonymous && id) recordDeviceRead({ kind, id, title });
  }, [anonymous, kind, id, title]);
}
