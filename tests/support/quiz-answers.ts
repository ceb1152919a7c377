import { createDatabase } from "@tongjian/db/create-database";
import { optionLetter } from "@tongjian/domain/learning";
import type { Page } from "playwright-core";

/**
 * The right options of questions, read from the database of a suite's own server (started with
 * `SQLITE_PATH`): the suites answer right or wrong on purpose, as a reader would by knowing.
 */
export async function rightOptions(
  sqlitePath: string,
  ids: string[],
): Promise<Map<string, number[]>> {
  const handle = createDatabase({ sqlitePath });
  try {
    const rows = await handle.db
      .selectFrom("learning_question")
      .select(["id", "data"])
      .where("id", "in", ids)
      .execute();
    return new Map(rows.map((r) => [r.id, (JSON.parse(r.data) as { answer: number[] }).answer]));
  } finally {
    await handle.close();
  }
}

/**
 * Answers the questions of a ladder level or a review round on the page (`quiz-question` items
 * with their lettered options): right, except those at the `wrong` positions, which get an
 * option that is not (or not all of) the answer. Returns the ids of the questions asked.
 */
export async function answerQuiz(
  page: Page,
  sqlitePath: string,
  /** The questions to answer wrong, by their place; or picked once the questions are known. */
  wrongAt: number[] | ((ids: string[]) => number[]) = [],
) {
  const items = page.getByTestId("quiz-question");
  await items.first().waitFor();
  const ids = await items.evaluateAll((els) =>
    els.map((el) => el.getAttribute("data-question-id") ?? ""),
  );
  const wrong = typeof wrongAt === "function" ? wrongAt(ids) : wrongAt;
  const answers = await rightOptions(sqlitePath, ids);
  for (const [i, id] of ids.entries()) {
    const answer = answers.get(id) ?? [];
    const item = items.nth(i);
    const options = await item.locator("label").count();
    const pick = wrong.includes(i)
      ? [[...Array(options).keys()].find((o) => !answer.includes(o)) ?? 0]
      : answer;
    for (const o of pick)
      await item.locator("label", { hasText: new RegExp(`^${optionLetter(o)}\\. `) }).click();
  }
  return ids;
}
