import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DEFAULT_QUIZ_SETTINGS, QUIZ_LIMITS, type QuizSettings } from "@tongjian/domain/quiz";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { CAMPAIGNS_DIR } from "./campaign-content.ts";

/**
 * A quiz campaign's own content (decision 44; docs/content-format.md "Campaigns"):
 * content/campaigns/<key>/quiz.yaml beside its campaign.yaml — how many questions a round has,
 * the time for each, the points for a right answer, and optionally the edition's own questions
 * (question bank keys, asked in that order). A quiz campaign without the file uses the defaults.
 */
export const QUIZ_FILE = "quiz.yaml";

const questionKey = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "题目键只能含小写字母、数字与短横线");

export const quizSettingsSchema = z
  .strictObject({
    questionCount: z
      .number()
      .int()
      .min(QUIZ_LIMITS.questionCount.min)
      .max(QUIZ_LIMITS.questionCount.max)
      .default(DEFAULT_QUIZ_SETTINGS.questionCount),
    perQuestionSeconds: z
      .number()
      .int()
      .min(QUIZ_LIMITS.perQuestionSeconds.min)
      .max(QUIZ_LIMITS.perQuestionSeconds.max)
      .default(DEFAULT_QUIZ_SETTINGS.perQuestionSeconds),
    pointsPerCorrect: z
      .number()
      .int()
      .min(QUIZ_LIMITS.pointsPerCorrect.min)
      .max(QUIZ_LIMITS.pointsPerCorrect.max)
      .default(DEFAULT_QUIZ_SETTINGS.pointsPerCorrect),
    questions: z
      .array(questionKey)
      .min(1)
      .max(QUIZ_LIMITS.questionCount.max)
      .nullable()
      .default(null),
  })
  .refine((s) => s.questions === null || new Set(s.questions).size === s.questions.length, {
    message: "题目键重复",
  });

/** Reads and checks one quiz file's text (its YAML). */
export function parseQuizSettings(text: string): QuizSettings {
  const settings = quizSettingsSchema.parse(parseYaml(text) ?? {});
  return settings.questions
    ? { ...settings, questionCount: Math.min(settings.questionCount, settings.questions.length) }
    : settings;
}

/**
 * The settings of the quiz campaign `key` in the content folder `contentDir`; the defaults when
 * the campaign has no quiz.yaml. A file that does not parse is an error (the content is wrong).
 */
export async function readQuizSettings(contentDir: string, key: string): Promise<QuizSettings> {
  const path = join(contentDir, CAMPAIGNS_DIR, key, QUIZ_FILE);
  try {
    return parseQuizSettings(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return DEFAULT_QUIZ_SETTINGS;
    throw new Error(`${CAMPAIGNS_DIR}/${key}/${QUIZ_FILE}: ${(error as Error).message}`);
  }
}
