import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files are handed to the workers in: the longest first, so that two workers end
 * together instead of one running a long file alone at the end.
 *
 * Vitest orders by the last run's durations when its cache has them (never on a fresh clone, as
 * in CI), and otherwise by file size, largest first. File size says nothing about a browser
 * suite's time: the accessibility sweeps are six-line files that run for minutes, so on a fresh
 * clone they started last and two of them ran one after the other on one worker while the other
 * worker sat idle.
 *
 * The seconds below are each e2e file's time in one full run of the project with four workers
 * (measured, rounded; decisions 41 and 52; only their order matters). A file not listed runs
 * before the listed ones, as Vitest runs files it has no record of first; give a new suite its
 * measured seconds here once it has run in CI.
 */
export const E2E_SECONDS: Record<string, number> = {
  "tests/e2e/page-bad-input.e2e.ts": 146,
  "tests/e2e/accessibility-screens-2.e2e.ts": 146,
  "tests/e2e/accessibility-screens-1.e2e.ts": 141,
  "tests/e2e/accessibility-screens-4.e2e.ts": 141,
  "tests/e2e/accessibility-screens-3.e2e.ts": 137,
  "tests/e2e/my-pages.e2e.ts": 116,
  "tests/e2e/video-live.e2e.ts": 104,
  "tests/e2e/books.e2e.ts": 97,
  "tests/e2e/accounts.e2e.ts": 67,
  "tests/e2e/campaign-draw-greeting.e2e.ts": 65,
  "tests/e2e/offline.e2e.ts": 65,
  "tests/e2e/study-records.e2e.ts": 64,
  "tests/e2e/shell-screens.e2e.ts": 62,
  "tests/e2e/time-map.e2e.ts": 60,
  "tests/e2e/shell.e2e.ts": 59,
  "tests/e2e/foundation.e2e.ts": 55,
  "tests/e2e/panorama.e2e.ts": 53,
  "tests/e2e/promotions.e2e.ts": 52,
  "tests/e2e/campaign-works.e2e.ts": 51,
  "tests/e2e/commerce-journey.e2e.ts": 50,
  "tests/e2e/boards-wechat.e2e.ts": 49,
  "tests/e2e/music.e2e.ts": 47,
  "tests/e2e/museum.e2e.ts": 46,
  "tests/e2e/relation-map.e2e.ts": 46,
  "tests/e2e/article.e2e.ts": 45,
  "tests/e2e/ladder.e2e.ts": 44,
  "tests/e2e/community.e2e.ts": 43,
  "tests/e2e/spatial-lists.e2e.ts": 43,
  "tests/e2e/campaign-quiz.e2e.ts": 39,
  "tests/e2e/campaign-days.e2e.ts": 38,
  "tests/e2e/challenges.e2e.ts": 37,
  "tests/e2e/knowledge-points.e2e.ts": 37,
  "tests/e2e/shell-rules.e2e.ts": 36,
  "tests/e2e/campaign-invite-review.e2e.ts": 35,
  "tests/e2e/paintings.e2e.ts": 35,
  "tests/e2e/shell-open-app.e2e.ts": 34,
  "tests/e2e/depth-test.e2e.ts": 33,
  "tests/e2e/accessibility.e2e.ts": 31,
  "tests/e2e/time-screens.e2e.ts": 31,
  "tests/e2e/store.e2e.ts": 30,
  "tests/e2e/agreements.e2e.ts": 28,
  "tests/e2e/reading-rooms.e2e.ts": 28,
  "tests/e2e/ask.e2e.ts": 27,
  "tests/e2e/audio.e2e.ts": 26,
  "tests/e2e/family-lattice.e2e.ts": 24,
  "tests/e2e/ab-path.e2e.ts": 22,
  "tests/e2e/entry.e2e.ts": 21,
  "tests/e2e/shell-transition.e2e.ts": 19,
  "tests/e2e/content.e2e.ts": 16,
  "tests/e2e/campaign-votes.e2e.ts": 13,
  "tests/e2e/learning-journey.e2e.ts": 10,
  "tests/e2e/works.e2e.ts": 10,
  "tests/e2e/cluster.e2e.ts": 4,
  "tests/e2e/wechat-pay-bridges.e2e.ts": 3,
  "tests/e2e/server-behaviour.e2e.ts": 2,
};

/**
 * The API files that run far longer than the rest (seconds in a CI run here, on SQLite and
 * PostgreSQL): started first, so that the other worker takes the many short files meanwhile
 * instead of one of these starting last. The API files not listed keep Vitest's order.
 */
export const API_SECONDS: Record<string, number> = {
  "apps/api/src/bad-input-sweep.test.ts": 57,
  "apps/api/src/routes/commerce/order-crash.test.ts": 16,
  "apps/api/src/routes/accounts/auth-routes.test.ts": 12,
};

/** Longer than any listed file. */
const UNKNOWN = 1_000_000;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    // Projects keep the order Vitest gave them (they run one after another).
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const seconds = (spec: TestSpecification) => {
      const path = relative(root, spec.moduleId).replaceAll("\\", "/");
      if (spec.project.name === "e2e") return E2E_SECONDS[path] ?? UNKNOWN;
      if (spec.project.name === "api") return API_SECONDS[path] ?? 0;
      return 0;
    };
    // A stable sort: files with the same weight (the unit files, the API files not listed, the
    // e2e files not listed) keep Vitest's own order.
    return sorted.sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) ||
        seconds(b) - seconds(a),
    );
  }
}
