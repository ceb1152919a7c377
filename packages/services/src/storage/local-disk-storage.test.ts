import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk-storage.ts";
import { isStorageKey } from "./object-storage.ts";

describe("local disk storage", () => {
  it("puts, gets and deletes objects by key, with the type of the key's extension", async () => {
    const root = mkdtempSync(join(tmpdir(), "tj-storage-"));
    const storage = createLocalDiskStorage(root);
    await storage.put("community/abc.jpg", Buffer.from([1, 2, 3]), "image/jpeg");
    expect(await storage.get("community/abc.jpg")).toEqual({
      data: Buffer.from([1, 2, 3]),
      contentType: "image/jpeg",
    });
    // No temporary file is left behind.
    expect(readdirSync(join(root, "community"))).toEqual(["abc.jpg"]);
    await storage.put("community/abc.jpg", Buffer.from([9]), "image/jpeg");
    expect((await storage.get("community/abc.jpg"))?.data).toEqual(Buffer.from([9]));
    await storage.delete("community/abc.jpg");
    expect(await storage.get("community/abc.jpg")).toBeNull();
    // Deleting what is not there is fine.
    await storage.delete("community/abc.jpg");
  });

  it("refuses keys that could leave its folder", async () => {
    const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), "tj-storage-")));
    for (const key of ["../x.jpg", "a/../../x.jpg", "/etc/passwd", "A.jpg", "a//b.jpg", ""]) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.put(key, Buffer.from([]), "image/png")).rejects.toThrow();
    }
    expect(isStorageKey("community/0123abcd.thumb.jpg")).toBe(true);
  });
});
