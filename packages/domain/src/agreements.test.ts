import { describe, expect, it } from "vitest";
import { checkoutAgreements, consentRefs } from "./agreement-consent.ts";
import {
  AGREEMENT_KEYS,
  type AgreementDoc,
  agreementDoc,
  formatEffectiveDay,
} from "./agreement-types.ts";
import {
  AGREEMENT_LINKS,
  AGREEMENTS,
  acceptanceProblems,
  agreementAtPath,
  agreementOf,
  agreementStatuses,
  consentItems,
  currentVersions,
  needsReacceptance,
} from "./agreements.ts";
import { ROUTE_MANIFEST } from "./route-manifest.ts";

const bumped: AgreementDoc[] = AGREEMENTS.map((doc) =>
  doc.key === "userServices"
    ? agreementDoc({
        ...doc,
        versions: [
          ...doc.versions,
          { version: "2.0", effectiveOn: "2027-01-01", note: "新增条款。" },
        ],
      })
    : doc,
);

describe("agreement registry", () => {
  it("has one document per key and path, each with a dated version and text", () => {
    expect(AGREEMENTS.map((d) => d.key)).toEqual([...AGREEMENT_KEYS]);
    expect(new Set(AGREEMENTS.map((d) => d.key)).size).toBe(AGREEMENTS.length);
    expect(new Set(AGREEMENTS.map((d) => d.path)).size).toBe(AGREEMENTS.length);
    for (const doc of AGREEMENTS) {
      expect(doc.version, doc.key).toBe(doc.versions.at(-1)?.version);
      expect(doc.effectiveOn, doc.key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.sections.length, doc.key).toBeGreaterThan(0);
      for (const section of doc.sections) expect(section.blocks.length).toBeGreaterThan(0);
    }
  });

  it("puts every agreement and every link on a route of the manifest", () => {
    const paths = new Set(ROUTE_MANIFEST.map((r) => r.path));
    for (const doc of AGREEMENTS) expect(paths.has(doc.path), doc.path).toBe(true);
    for (const link of AGREEMENT_LINKS) {
      const direct = paths.has(link.path);
      const underStar = [...paths].some(
        (p) => p.endsWith("/*") && link.path.startsWith(p.slice(0, -1)),
      );
      expect(direct || underStar, link.path).toBe(true);
    }
  });

  it("finds a document by its path, with or without a trailing slash", () => {
    expect(agreementAtPath("/agreement/userServices")?.key).toBe("userServices");
    expect(agreementAtPath("/law/")?.key).toBe("law");
    expect(agreementAtPath("/buyvip/agreement/pay")?.key).toBe("vipPay");
    expect(agreementAtPath("/agreement/nothing")).toBeNull();
  });

  it("asks the right agreements at checkout", () => {
    expect(checkoutAgreements("vip", false)).toEqual(["vipService", "vipPay"]);
    expect(checkoutAgreements("vip", true)).toEqual(["vipService", "vipPay", "subscription"]);
    expect(checkoutAgreements("goods", false)).toEqual(["vipPay"]);
  });

  it("refuses versions that are no longer current and names missing ones", () => {
    const sent = currentVersions(["userServices", "personalInformationProtection"]);
    expect(acceptanceProblems(sent, ["userServices"])).toEqual({ stale: [], missing: [] });
    expect(acceptanceProblems(sent, ["userServices"], bumped).stale).toEqual(["userServices"]);
    expect(acceptanceProblems([], ["userServices"]).missing).toEqual(["userServices"]);
  });

  it("tells current, outdated and never-accepted apart, with what changed", () => {
    const accepted = new Map([
      ["userServices", { version: "1.0", acceptedAt: "2026-11-28T00:00:00.000Z" }],
    ]);
    const now = agreementStatuses(["userServices", "personalInformationProtection"], accepted);
    expect(now.map((s) => s.state)).toEqual(["current", "none"]);
    expect(needsReacceptance(now)).toEqual([]);
    const later = agreementStatuses(["userServices"], accepted, bumped);
    expect(later[0]).toMatchObject({ state: "outdated", version: "2.0", acceptedVersion: "1.0" });
    expect(later[0]?.changes).toEqual(["2.0：新增条款。"]);
    expect(needsReacceptance(later).map((s) => s.agreement)).toEqual(["userServices"]);
  });

  it("sends the versions of the consent items asked for, each once, in order", () => {
    const items = consentItems(["vipService", "vipPay", "subscription", "userServices"]);
    expect(consentRefs(items, ["vipPay", "userServices", "vipPay"])).toEqual([
      { agreement: "vipPay", version: agreementOf("vipPay").version },
      { agreement: "userServices", version: agreementOf("userServices").version },
    ]);
    expect(items.find((i) => i.agreement === "subscription")).toMatchObject({
      title: "订阅协议",
      path: "/agreement/subscription",
    });
    expect(consentRefs(items, ["law"])).toEqual([]);
  });

  it("writes the effective day in Chinese", () => {
    expect(formatEffectiveDay("2026-11-28")).toBe("2026 年 11 月 28 日");
  });
});
