import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The axe-core the builder itself uses (its own pinned version, not another package's). */
const fromBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));

/**
 * That axe-core's minified build: the same code as the `axe.source` the builder sends by default
 * (1.5 MB), in 0.65 MB.
 */
const AXE_MIN_SOURCE = readFileSync(fromBuilder.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The rules that can only ever report a minor or moderate finding: a rule's finding takes the
 * impact its rule declares, or else the highest impact of its failing checks (axe-core's
 * aggregateChecks), so a rule none of whose checks is serious or critical never reports one.
 * Every suite keeps serious and critical findings alone, so these rules' time (among them
 * `region` and the landmark and heading rules, which walk the whole page) bought nothing. Read
 * from the installed axe-core, so an upgrade that raises a rule's impact runs that rule again.
 */
export const MINOR_ONLY_RULES: string[] = (() => {
  const audit = (
    fromBuilder("axe-core") as {
      _audit: {
        rules: {
          id: string;
          impact?: string;
          any: { id: string }[];
          all: { id: string }[];
          none: { id: string }[];
        }[];
        data: { checks: Record<string, { impact?: string }> };
      };
    }
  )._audit;
  const weighty = (impact: string | undefined) => impact === "serious" || impact === "critical";
  return audit.rules
    .filter((rule) => {
      const impacts = rule.impact
        ? [rule.impact]
        : [...rule.any, ...rule.all, ...rule.none].map(
            (check) => audit.data.checks[check.id]?.impact,
          );
      return !impacts.some(weighty);
    })
    .map((rule) => rule.id);
})();

const SKIP_MINOR_ONLY = Object.fromEntries(MINOR_ONLY_RULES.map((id) => [id, { enabled: false }]));

/**
 * In legacy mode the builder sends axe's source into the page twice per run (once in
 * `analyze()`, again in its inject step) and axe sets itself up each time. This builder puts
 * axe into a page once per document — only when `window.axe` is not there yet — and gives the
 * builder a one-character source, so its two sends cost nothing. The run itself is the
 * builder's: `axe.run()` in the page, with the builder's context and options.
 */
class OncePerDocumentAxeBuilder extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page, axeSource: ";" });
    this.#page = page;
  }

  override async analyze(): ReturnType<AxeBuilder["analyze"]> {
    const present = await this.#page.evaluate("typeof window.axe === 'object'");
    if (!present) await this.#page.evaluate(AXE_MIN_SOURCE);
    return super.analyze();
  }
}

/**
 * An axe run on a page, only violations collected (axe then skips gathering every passing
 * node), and without the rules that cannot report anything serious or critical
 * (MINOR_ONLY_RULES; a `withRules()` list still runs exactly those rules). On a page without
 * frames it runs axe.run() in the page itself (the builder's "legacy" mode) with axe put in once
 * per document: the same rules on the same document, without the default mode's extra blank page
 * per run that gathers the frames' partial results. A page with frames keeps the default mode,
 * which also checks cross-origin frames.
 */
export function axeBuilder(page: Page): AxeBuilder {
  const framed = page.frames().length > 1;
  const builder = framed ? new AxeBuilder({ page }) : new OncePerDocumentAxeBuilder(page);
  return builder
    .setLegacyMode(!framed)
    .options({ resultTypes: ["violations"], rules: SKIP_MINOR_ONLY });
}
