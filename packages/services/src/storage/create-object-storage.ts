import { createLocalDiskStorage } from "./local-disk-storage.ts";
import type { ObjectStorage } from "./object-storage.ts";

/**
 * The storage the configuration names (`UPLOAD_STORAGE`). Only the local disk exists so far; an
 * object store is one more case here, behind the same interface.
 */
export function createObjectStorage(config: { kind: "local"; dir: string }): ObjectStorage {
  switch (config.kind) {
    case "local":
      return createLocalDiskStorage(config.dir);
  }
}
