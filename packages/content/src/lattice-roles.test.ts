import { LATTICE_ERAS, ROLE_FIELDS } from "@tongjian/domain/lattice-fields";
import { describe, expect, it } from "vitest";
import { PERIODS, PERSON_ROLES } from "./content-schema.ts";

// The lattice diagram's rows and columns come from the content's periods and roles: a role or
// period added to the content must find its place in the grid.
describe("the lattice diagram and the content schema", () => {
  it("gives every person role a field", () => {
    for (const role of PERSON_ROLES) expect(ROLE_FIELDS[role], role).toBeDefined();
    expect(Object.keys(ROLE_FIELDS).sort()).toEqual([...PERSON_ROLES].sort());
  });

  it("has one row per period, in the content's order", () => {
    expect([...LATTICE_ERAS]).toEqual([...PERIODS]);
  });
});
