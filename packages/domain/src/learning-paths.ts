/** First path segments of the learning area (route manifest, area "learning"). */
const LEARNING_SECTIONS = new Set([
  "ai",
  "aitest",
  "bindstudy",
  "clockin",
  "depthtest",
  "knowledgepoint",
  "knowlist",
  "ladder",
  "ladderchallenge",
  "ladderintroduce",
  "laddersample",
  "learnrecord",
  "newsladder",
  "report",
  "signin",
  "study",
  "studyplan",
  "studyrecord",
  "survey",
  "testentry",
  "testopen",
  "wenshianswer",
  "wenshichallenge",
  "wenshiladder",
  "words",
  "youngladder",
]);

/**
 * Whether a path is a page of the learning area, where a due study reminder is shown. A module
 * of its own, apart from the route manifest and the study-record rules, because the shell
 * carries it to every page.
 */
export function isLearningPath(pathname: string): boolean {
  if (/^\/ah\/ladderarticle(detail)?\/?$/.test(pathname)) return true;
  return LEARNING_SECTIONS.has(pathname.split("/")[1] ?? "");
}
