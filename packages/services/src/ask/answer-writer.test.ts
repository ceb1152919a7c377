import { describe, expect, it } from "vitest";
import { AnswerWriter } from "./answer-writer.ts";

const LI = { id: "a".repeat(24), name: "李世民", kind: "person" };
const WEI = { id: "b".repeat(24), name: "魏征", kind: "person" };

describe("AnswerWriter", () => {
  it("links an entry's first mention, says the name the reader used, and keeps text whole", () => {
    const w = new AnswerWriter(new Map([[LI.id, "唐太宗"]]));
    w.name(WEI).say("是").name(LI).say("的").say("谏臣；").name(LI).say("很倚重他。");
    const { text, parts } = w.result();
    expect(text).toBe("魏征是李世民（唐太宗）的谏臣；李世民很倚重他。");
    expect(parts).toEqual([
      { text: "魏征", id: WEI.id },
      { text: "是", id: null },
      { text: "李世民", id: LI.id },
      { text: "（唐太宗）的谏臣；李世民很倚重他。", id: null },
    ]);
  });

  it("does not repeat a name the reader used when the label already holds it", () => {
    const w = new AnswerWriter(new Map([[LI.id, "唐太宗"]]));
    expect(w.name(LI, "唐太宗李世民").result().text).toBe("唐太宗李世民");
    const era = new AnswerWriter(new Map([["t", "唐朝"]]));
    expect(era.name({ id: "t", name: "唐", kind: "regime" }, "唐代").result().text).toBe("唐代");
  });

  it("lists names with 、 up to a limit, and cites each entry once", () => {
    const people = Array.from({ length: 4 }, (_, i) => ({
      id: `${i}`,
      name: `人${i}`,
      kind: "person",
    }));
    const w = new AnswerWriter().names(people, 3).cite(LI, WEI, LI);
    expect(w.result().text).toBe("人0、人1、人2等（共4个）");
    expect(w.result().cited.map((c) => c.name)).toEqual(["李世民", "魏征"]);
  });
});
