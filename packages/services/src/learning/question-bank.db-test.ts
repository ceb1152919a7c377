import { loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase, type DatabaseHandle } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../tests/support/test-targets.ts";
import { createQuestionBank, type QuestionBank } from "./question-bank.server.ts";
import { createStudyActivity } from "./study-activity.server.ts";

describe.each(databaseTargets())("question bank on $name", (target) => {
  let handle: DatabaseHandle;
  let bank: QuestionBank;
  beforeAll(async () => {
    handle = createDatabase({ databaseUrl: target.databaseUrl, sqlitePath: ":memory:" });
    await dropAll(handle.db);
    await migrateToLatest(handle.db);
    await seedContent(handle, loadContent("tests/fixtures/content"), { searchIndex: false });
    bank = createQuestionBank({ db: handle.db });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("filters questions by grade, difficulty and point, in content order", async () => {
    const all = await bank.questions();
    expect(all).toHaveLength(28);
    const junior = await bank.questions({ grade: "junior", maxDifficulty: 3 });
    expect(junior.length).toBeGreaterThan(0);
    expect(junior.every((q) => q.grade === "junior" && q.difficulty <= 3)).toBe(true);
    const libai = await bank.questions({ pointKeys: ["li-bai-shi"] });
    expect(libai.map((q) => q.key)).toEqual([
      "li-bai-shi-1",
      "li-bai-shi-2",
      "li-bai-shi-3",
      "li-bai-shi-4",
      "li-bai-shi-5",
    ]);
    expect(await bank.questions({ pointKeys: [] })).toEqual([]);
  });

  it("shows a page no answer before marking, and marks exactly the right options", async () => {
    const [q] = await bank.questions({ pointKeys: ["li-bai-shi"] });
    if (!q) throw new Error("fixture question missing");
    const view = await bank.toPublic(q);
    expect(Object.keys(view)).not.toContain("answer");
    expect(Object.keys(view)).not.toContain("explanation");
    expect(JSON.stringify(view)).not.toContain(q.explanation);
    const right = await bank.mark(q, q.answer);
    expect(right).toMatchObject({ correct: true, pointTitle: "诗仙李白" });
    const wrong = await bank.mark(q, [(q.answer[0] ?? 0) + 1]);
    expect(wrong.correct).toBe(false);
    expect(wrong.explanation).toBe(q.explanation);
    await expect(bank.mark(q, [9])).rejects.toMatchObject({ status: 400 });
    await expect(bank.mark(q, [0, 1])).rejects.toThrow("单选题只能选一个答案");
  });

  it("gives no part marks on a multiple-choice question", async () => {
    const [multi] = (await bank.questions()).filter((q) => q.type === "multiple");
    if (!multi) throw new Error("fixture multiple-choice question missing");
    expect((await bank.mark(multi, multi.answer)).correct).toBe(true);
    expect((await bank.mark(multi, multi.answer.slice(1))).correct).toBe(false);
  });

  it("refuses answers to questions outside the set, and the same question twice", async () => {
    const questions = await bank.questions({ pointKeys: ["du-fu-shi"] });
    const ids = questions.map((q) => q.id);
    const [first, second] = questions;
    if (!first || !second) throw new Error("fixture questions missing");
    const marked = await bank.markAll(ids, [
      { questionId: first.id, chosen: first.answer },
      { questionId: second.id, chosen: [] },
    ]);
    expect(marked.map((m) => m.correct)).toEqual([true, false]);
    const [other] = await bank.questions({ pointKeys: ["qin-du"] });
    await expect(bank.markAll(ids, [{ questionId: other?.id ?? "", chosen: [0] }])).rejects.toThrow(
      "这道题不在本次练习中",
    );
    await expect(
      bank.markAll(ids, [
        { questionId: first.id, chosen: [0] },
        { questionId: first.id, chosen: [1] },
      ]),
    ).rejects.toThrow("同一道题只能作答一次");
  });

  it("finds points by key or id and records study stretches by the day in China", async () => {
    const point = await bank.point("qin-tongyi");
    expect(point.questionKeys).toHaveLength(5);
    expect((await bank.point(point.id)).key).toBe("qin-tongyi");
    await expect(bank.point("nothing")).rejects.toMatchObject({ status: 404 });
    const activity = createStudyActivity({ db: handle.db });
    await activity.record("a".repeat(24), {
      kind: "ladder",
      ref: "ws-1",
      answered: 5,
      correct: 3,
      seconds: 99_999,
      at: new Date("2026-11-26T17:30:00Z"),
    });
    const row = await handle.db
      .selectFrom("learning_activity")
      .selectAll()
      .where("owner_id", "=", "a".repeat(24))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ day: "2026-11-27", seconds: 7200, answered: 5, correct: 3 });
  });
});
