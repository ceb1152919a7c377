import { describe, expect, it } from "vitest";
import {
  PERSONAL_DATA,
  PERSONAL_DATA_CATEGORIES,
  PERSONAL_DATA_CHILDREN,
  personalDataByCategory,
  personalDataProblems,
} from "./personal-data.ts";

describe("personal data list", () => {
  it("has no problems", () => {
    expect(personalDataProblems()).toEqual([]);
  });

  it("catches a table listed twice and a set without words", () => {
    const first = PERSONAL_DATA[0];
    if (!first) throw new Error("empty list");
    expect(personalDataProblems([first, first])).toContain(`${first.table}: listed twice`);
    expect(personalDataProblems([{ ...first, purpose: " " }])).toContain(
      `${first.table}: purpose is empty`,
    );
  });

  it("keeps the account, its sessions and its orders, and never exports a secret", () => {
    const tables = PERSONAL_DATA.map((s) => s.table);
    for (const t of ["account", "auth_session", "orders", "like_record", "follow", "post"])
      expect(tables).toContain(t);
    expect(PERSONAL_DATA.find((s) => s.table === "account")?.secretColumns).toContain(
      "password_hash",
    );
    expect(PERSONAL_DATA.find((s) => s.table === "auth_session")?.secretColumns).toContain(
      "token_hash",
    );
  });

  it("keeps orders only anonymised, clearing the address and IP", () => {
    const orders = PERSONAL_DATA.find((s) => s.table === "orders");
    expect(orders?.onDeletion).toBe("anonymise");
    expect(orders?.clearColumns).toEqual(expect.arrayContaining(["address", "client_ip"]));
  });

  it("groups every set under a known category, and every child under a listed parent", () => {
    const grouped = personalDataByCategory().flatMap((g) => g.sets);
    expect(grouped).toHaveLength(PERSONAL_DATA.length);
    for (const g of personalDataByCategory())
      expect(PERSONAL_DATA_CATEGORIES).toContain(g.category);
    const tables = new Set(PERSONAL_DATA.map((s) => s.table));
    for (const child of PERSONAL_DATA_CHILDREN) expect(tables.has(child.parent)).toBe(true);
  });
});
