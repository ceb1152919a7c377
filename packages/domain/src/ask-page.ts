/**
 * What the 问史 page (/ai) and POST /api/ai/ask share, kept apart from the question parser
 * (ask-question.ts) so that the page's bundle does not carry the parser's rules.
 */

/** Longest question accepted, in characters (POST /api/ai/ask, the page's box). */
export const ASK_QUESTION_MAX_LENGTH = 100;

/** Example questions the page offers as chips; each is answered by the real corpus. */
export const ASK_EXAMPLES = [
  "李白是谁",
  "唐朝的都城在哪",
  "赤壁之战发生在哪里",
  "岳飞是哪个朝代的",
  "唐太宗和魏征是什么关系",
  "曹操和诸葛亮是什么关系",
  "苏轼的号是什么",
  "秦始皇在位多久",
] as const;
