/**
 * Relations read aloud (问史, relation paths). A relation row says what `to` is to `from`
 * (docs/content-format.md "Relation": `label` is what `to` is to `from`); these rules turn one
 * into a Chinese sentence, and walk it backwards where the corpus's types make the reverse
 * certain (a 父子 row from the father: the father is the son's 父亲). Where it is not certain,
 * the reverse is left to the arrow's direction rather than guessed.
 */

/** One token of a sentence: the `from` or `to` entry's name, or text between them. */
export type PhraseToken = { entity: "from" | "to" } | { text: string };

export interface RelationFacts {
  type: string;
  label: string;
  twoway: boolean;
}

const FROM: PhraseToken = { entity: "from" };
const TO: PhraseToken = { entity: "to" };
const text = (value: string): PhraseToken => ({ text: value });

// Labels of two-way relations that read as a verb phrase, not a noun: "A和B并称李杜".
const VERBAL_LABEL = /^(?:并称|同列|同为|同时|共同|同修|同在|同以|同)/u;

/**
 * The relation as a sentence: "魏征是李世民的谏臣", "李白和杜甫是好友", "王安石在北宋任宰相",
 * "嬴政建立了秦". Labels that are already a clause ("举荐的后辈", "《岳阳楼记》所记之楼")
 * attach without another 的.
 */
export function relationSentence(r: RelationFacts): PhraseToken[] {
  const label = r.label.trim() || r.type;
  if (r.twoway) {
    return [FROM, text("和"), TO, text(VERBAL_LABEL.test(label) ? label : `是${label}`)];
  }
  switch (r.type) {
    case "参与":
      return [FROM, text("参与了"), TO];
    case "建立":
      if (/奠基者|建立者/u.test(label) && label.length <= 5) {
        return [FROM, text(`是`), TO, text(`的${label}`)];
      }
      if (/的/u.test(label)) return [TO, text("是"), FROM, text(label)];
      return [FROM, text("建立了"), TO];
    case "任职":
      if (label.startsWith("任")) return [FROM, text("在"), TO, text(label)];
      return [FROM, text("是"), TO, text(`的${label}`)];
    case "作者":
      return [TO, text("是"), FROM, text(label)];
    default:
      return [TO, text("是"), FROM, text(/的/u.test(label) ? label : `的${label}`)];
  }
}

// Reverse labels by type, where the type alone decides them.
const REVERSE_BY_TYPE: Record<string, string> = {
  父子: "父亲",
  父女: "父亲",
  母子: "母亲",
  母女: "母亲",
  君臣: "君主",
  部属: "上级",
  继位: "前任",
  参与: "参与者",
};

/**
 * What `from` is to `to`, when the corpus's type makes it certain: the 父亲 of a 儿子, the
 * 老师 of a 学生, the 哥哥 of a 弟弟, the same label for a two-way relation. Null when the
 * reverse cannot be told (祖孙 does not say grandfather or grandmother; 同僚 "举荐的后辈").
 */
export function reverseRelationLabel(r: RelationFacts): string | null {
  if (r.twoway) return r.label;
  const label = r.label.trim();
  const byType = REVERSE_BY_TYPE[r.type];
  if (byType) return byType;
  switch (r.type) {
    case "师生":
      // A few rows name the teacher as `to` ("讲官老师"): their reverse is the student.
      return /老师|师父|恩师/u.test(label) ? "学生" : "老师";
    case "夫妻":
      return label === "丈夫" ? "妻子" : "丈夫";
    case "兄弟":
    case "兄妹":
    case "姐弟":
    case "姐妹":
      return reverseSibling(r.type, label);
    case "建立":
      // "建立者" rows name the founder in the label already.
      return /奠基者|建立者/u.test(label) ? label : "建立者";
    case "任职":
      if (/[，,、]/u.test(label)) return null;
      return label.startsWith("任") ? label.slice(1) : label;
    default:
      return null;
  }
}

function reverseSibling(type: string, label: string): string | null {
  const older = type === "姐弟" || type === "姐妹" ? "姐" : "兄";
  if (label === "弟弟" || label === "妹妹") return older === "姐" ? "姐姐" : "哥哥";
  if (label === "哥哥") return "弟弟";
  if (label === "姐姐") return "妹妹";
  // 异母弟 → 异母兄, 堂弟 → 堂兄, 族妹 → 族兄, 堂兄 → 堂弟.
  const match = /^(.*?)(弟|妹|兄|姐)$/u.exec(label);
  if (!match) return null;
  const [, prefix, rank] = match;
  const reversed = rank === "弟" || rank === "妹" ? older : "弟";
  return `${prefix}${reversed}`;
}

export type StepDirection = "forward" | "backward" | "twoway";

/**
 * The label of a row read from `from` to `to` on an arrow. Fact relations read as verbs
 * (A —参与→ 赤壁之战, A —任宰相→ 唐), since their labels describe `from` (任职 "宰相") or
 * the act ("参与事件"); the others as stored.
 */
export function forwardRelationLabel(r: RelationFacts): string {
  const label = r.label.trim();
  switch (r.type) {
    case "参与":
      return "参与";
    case "建立":
      return "建立";
    case "任职":
      return label.startsWith("任") ? label : `任${label}`;
    default:
      return label || r.type;
  }
}

/**
 * One step of a chain walked from `walkFrom`: the label to show and how the arrow points.
 * "forward" reads "the next one is this one's label" (A —父亲→ B); "backward" keeps the stored
 * label with the arrow turned (A ←谏臣— B: A is B's 谏臣) where no certain reverse exists.
 */
export function relationStep(
  r: RelationFacts & { fromId: string },
  walkFrom: string,
): { label: string; direction: StepDirection } {
  if (r.twoway) return { label: r.label, direction: "twoway" };
  if (r.fromId === walkFrom) return { label: forwardRelationLabel(r), direction: "forward" };
  const reverse = reverseRelationLabel(r);
  return reverse
    ? { label: reverse, direction: "forward" }
    : { label: forwardRelationLabel(r), direction: "backward" };
}

// One-character regimes read as an era with 代 (唐代诗人); a few read otherwise.
const ERA_NAMES: Record<string, string> = { 新: "新朝", 陈: "南朝陈", 闽: "闽国" };
const DYNASTY_WITH_DAI = new Set([
  "夏",
  "商",
  "周",
  "秦",
  "汉",
  "晋",
  "隋",
  "唐",
  "宋",
  "辽",
  "金",
  "元",
  "明",
  "清",
]);

/** "唐" → "唐代", "南宋" → "南宋", "新" → "新朝": a regime's name as an era in a sentence. */
export function eraName(regime: string): string {
  const name = regime.trim();
  return ERA_NAMES[name] ?? (DYNASTY_WITH_DAI.has(name) ? `${name}代` : name);
}
