import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A copy of the test content (tests/fixtures/content) with the real base map and the test
 * territories (tests/fixtures/territories), for the territory loader and the time map's
 * seed. `edit` may change the copy before it is read.
 */
export function territoryFixtureDir(edit?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-territories-"));
  cpSync("tests/fixtures/content", dir, { recursive: true });
  mkdirSync(join(dir, "geo"), { recursive: true });
  cpSync("content/geo/base-map.topo.json", join(dir, "geo/base-map.topo.json"));
  mkdirSync(join(dir, "territories"), { recursive: true });
  cpSync("tests/fixtures/territories/test.yaml", join(dir, "territories/test.yaml"));
  edit?.(dir);
  return dir;
}
