import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A copy of the fixture corpus (tests/fixtures/content) with the test works of
 * tests/fixtures/works: their file under `works/` and their relations under `relations/`.
 * The fixture itself stays without works, so the counts other suites expect do not change.
 */
export function contentWithWorks(): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-works-"));
  cpSync("tests/fixtures/content", dir, { recursive: true });
  mkdirSync(join(dir, "works"));
  cpSync("tests/fixtures/works/test.yaml", join(dir, "works", "test.yaml"));
  cpSync("tests/fixtures/works/relations.yaml", join(dir, "relations", "works.yaml"));
  return dir;
}
