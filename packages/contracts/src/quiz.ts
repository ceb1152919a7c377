import { z } from "zod";
import { campaignView } from "./campaigns.ts";
import { id } from "./common.ts";
import { answerItem, markedQuestion, publicQuestion } from "./learning.ts";

// The quiz campaigns (issue 22, decision 44): /quiz/2021 and /quiz/2024. A round is made on the
// server inside the campaign engine's participation, its questions come from the question bank,
// every answer is marked and timed on the server, and a finished round's score goes to the
// campaign's ranking (GET /api/m/campaign/:key/ranking).

export const quizKeyParams = z.object({
  key: z.enum(["quiz-2021", "quiz-2024"], { error: "答题活动不存在" }),
});

export const quizRoundParams = z.object({ id });

export const quizSettingsView = z.object({
  questionCount: z.number().int(),
  perQuestionSeconds: z.number().int(),
  pointsPerCorrect: z.number().int(),
  /** The edition asks everyone the same questions (its own list). */
  fixedQuestions: z.boolean(),
});

/** A round as the play screen sees it: the question now due (never its answer) and the clock. */
export const quizRoundView = z.object({
  id,
  campaignKey: z.string(),
  status: z.enum(["open", "finished"]),
  /** The server's clock (epoch ms) when this was made. */
  serverNow: z.number(),
  remainingMs: z.number(),
  questionRemainingMs: z.number(),
  /**
   * The last answer was marked and the next question waits for the reader (POST …/next): its
   * clock starts when it is shown, so reading the comment costs no time.
   */
  waiting: z.boolean(),
  /** Zero-based index of the question now shown. */
  index: z.number().int(),
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  score: z.number().int(),
  question: publicQuestion.nullable(),
});
export type QuizRoundView = z.infer<typeof quizRoundView>;

export const quizAnswerBody = answerItem;

/** The mark of one answer: right or not, the right options and the comment on it. */
export const quizAnswerResult = z.object({
  questionId: id,
  correct: z.boolean(),
  answer: z.array(z.number().int()),
  /** Why: the question's explanation. */
  comment: z.string(),
  round: quizRoundView,
});
export type QuizAnswerResult = z.infer<typeof quizAnswerResult>;

const rankPlace = z.object({ rank: z.number().int(), total: z.number().int() }).nullable();

export const quizResultView = z.object({
  id,
  campaignKey: z.string(),
  score: z.number().int(),
  correct: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  seconds: z.number(),
  verdict: z.string(),
  questions: z.array(markedQuestion.extend({ timedOut: z.boolean() })),
  /** The reader's place in the campaign's ranking (their best round). */
  place: rankPlace,
  /** Rewards given just now. */
  granted: z.array(z.string()),
});
export type QuizResultView = z.infer<typeof quizResultView>;

/** A question of an ended edition, with its answer and comment (the review). */
export const quizReviewQuestion = markedQuestion.omit({ chosen: true, correct: true }).extend({
  /** Share of the edition's answers that got it right (0–100), null when none answered. */
  rightPercent: z.number().int().nullable(),
});

export const quizOverview = z.object({
  campaign: campaignView,
  settings: quizSettingsView,
  /** People who finished at least one round (from the rounds themselves). */
  participants: z.number().int(),
  rounds: z.number().int(),
  /** The reader's open round, if one is still running. */
  openRoundId: z.string().nullable(),
  /** The reader's latest finished round. */
  lastRoundId: z.string().nullable(),
  /** An ended edition's questions with answers and comments; empty while it runs. */
  review: z.array(quizReviewQuestion),
});
export type QuizOverview = z.infer<typeof quizOverview>;

/** The reader's own best for the share page: what friends are invited to beat. */
export const quizMyBest = z.object({
  signedIn: z.boolean(),
  best: z
    .object({
      score: z.number().int(),
      correct: z.number().int(),
      total: z.number().int(),
      seconds: z.number(),
      rank: z.number().int().nullable(),
    })
    .nullable(),
});
export type QuizMyBest = z.infer<typeof quizMyBest>;
