import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserViewer } from "@tongjian/domain/viewer";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp, FIXTURE_CONTENT } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

/** The fixture content with the real 求签 and 贺卡 campaigns beside it. */
function contentWithCampaigns(): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-draw-greeting-"));
  cpSync(FIXTURE_CONTENT, dir, { recursive: true });
  for (const key of ["divination", "greetingcard"])
    cpSync(join("content/campaigns", key), join(dir, "campaigns", key), { recursive: true });
  return dir;
}

const viewerOf = (userId: string): UserViewer => ({
  kind: "user",
  userId,
  role: "user",
  phone: null,
  name: "读者",
  appUserId: null,
  visitorId: null,
  via: "browser",
  sessionId: null,
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe.each(databaseTargets())("求签 and 贺卡 on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(
      target,
      { SMS_PROVIDER: "simulator" },
      { contentDir: contentWithCampaigns() },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("draws one lot a day: the second draw gives today's lot back, the history lists it", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/m/divination/draw" })).statusCode).toBe(
      401,
    );
    const { browser } = await signedInReader(t.app);
    const first = await browser.post("/api/m/divination/draw");
    expect(first.statusCode).toBe(200);
    const drawn = first.json().data;
    expect(drawn.fresh).toBe(true);
    expect(drawn.lot.number).toBeGreaterThanOrEqual(1);
    expect(drawn.lot.label).toMatch(/^第.+签$/);
    expect(drawn.lot.link).toBe(`/divination?lot=${drawn.lot.number}`);
    expect(drawn.granted).toEqual(["徽章 · 初求历史签"]);

    const again = (await browser.post("/api/m/divination/draw")).json().data;
    expect(again).toMatchObject({ fresh: false, granted: [], day: drawn.day });
    expect(again.lot.number).toBe(drawn.lot.number);

    const view = (await browser.get("/api/m/divination")).json().data;
    expect(view.lotCount).toBeGreaterThanOrEqual(60);
    expect(view.today.lot.number).toBe(drawn.lot.number);
    expect(view.history).toHaveLength(1);
    expect(view.note).toContain("仅供娱乐");
    const campaign = (await browser.get("/api/m/campaign/divination")).json().data;
    expect(campaign.me).toMatchObject({ usedToday: 1, reason: "今天已经参与过了，明天再来吧" });
    expect(campaign.rewards.find((r: { key: string }) => r.key === "first-draw").granted).toBe(
      true,
    );

    const anonymous = (await t.app.inject({ url: "/api/m/divination" })).json().data;
    expect(anonymous).toMatchObject({ signedIn: false, today: null, history: [] });
  });

  it("gives one lot to concurrent draws by one reader", async () => {
    const reader = viewerOf(`diviner-${target.name.replace(/\W/g, "")}`);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => t.deps.services.divination.draw(reader, null)),
    );
    expect(new Set(results.map((r) => r.lot.number)).size).toBe(1);
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
    const actions = await t.deps.services.campaigns.actions("divination", reader.userId, "draw");
    expect(actions).toHaveLength(1);
    expect(actions[0]?.subject).toBe(String(results[0]?.lot.number));
  });

  it("opens any lot by its number; unknown numbers are 404, bad ones 400", async () => {
    const lot = await t.app.inject({ url: "/api/m/divination/lot/12" });
    expect(lot.statusCode).toBe(200);
    expect(lot.json().data).toMatchObject({ number: 12, label: "第十二签" });
    expect(lot.json().data.source.length).toBeGreaterThan(2);
    expect((await t.app.inject({ url: "/api/m/divination/lot/999" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/m/divination/lot/abc" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/m/divination/lot/0" })).statusCode).toBe(400);
  });

  it("makes a greeting card from a design and a wording, checks the input, renders a PNG", async () => {
    const catalogue = (await t.app.inject({ url: "/api/m/greetingcard/catalogue" })).json().data;
    expect(catalogue.cardTypes.map((c: { key: string }) => c.key)).toEqual([
      "spring",
      "midautumn",
      "dragonboat",
      "teachers",
      "birthday",
      "newyear",
    ]);
    for (const c of catalogue.cardTypes) expect(c.wordings.length).toBeGreaterThanOrEqual(2);
    const body = {
      cardType: "midautumn",
      wordType: "midautumn-chanjuan",
      to: "  王老师 ",
      from: "<b>小明</b>",
      message: "但愿人长久，千里共婵娟。\n\n\n祝您中秋快乐！<script>alert(1)</script>",
    };
    expect(
      (await t.app.inject({ method: "POST", url: "/api/m/greetingcard/card", payload: body }))
        .statusCode,
    ).toBe(401);
    const { browser } = await signedInReader(t.app);
    const bad = async (over: Record<string, unknown>) =>
      (await browser.post("/api/m/greetingcard/card", { ...body, ...over })).statusCode;
    expect(await bad({ cardType: "nope" })).toBe(400);
    expect(await bad({ wordType: "spring-yuanri" })).toBe(400);
    expect(await bad({ to: "   " })).toBe(400);
    expect(await bad({ from: "一二三四五六七八九十一二三" })).toBe(400);
    expect(await bad({ message: "长".repeat(121) })).toBe(400);
    expect(await bad({ message: 42 })).toBe(400);
    expect(await bad({ replyTo: "bad id!" })).toBe(400);
    expect(await bad({ replyTo: "AAAAAAAAAAAA" })).toBe(404);

    const made = await browser.post("/api/m/greetingcard/card", body);
    expect(made.statusCode).toBe(200);
    const { card, granted } = made.json().data;
    expect(granted).toEqual(["徽章 · 初寄贺卡"]);
    expect(card).toMatchObject({
      cardType: "midautumn",
      label: "中秋",
      to: "王老师",
      from: "小明",
      message: "但愿人长久，千里共婵娟。\n祝您中秋快乐！alert(1)",
      link: `/greetingcard?card=${card.id}`,
      mine: true,
      replyTo: null,
    });

    const image = await t.app.inject({ url: card.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect([...image.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(image.rawPayload.readUInt32BE(16)).toBe(750);
    expect(image.rawPayload.readUInt32BE(20)).toBe(1000);
    // The card is drawn, not blank: its pixels vary.
    const stats = await sharp(image.rawPayload).stats();
    expect(stats.channels[0]?.stdev ?? 0).toBeGreaterThan(10);
    // Rendered once, then kept.
    const cached = await t.app.inject({ url: card.imageUrl });
    expect(cached.rawPayload.equals(image.rawPayload)).toBe(true);
    expect(
      (await t.app.inject({ url: "/api/m/greetingcard/image/AAAAAAAAAAAA.png" })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: "/api/m/greetingcard/image/x.svg" })).statusCode).toBe(400);

    const mine = (await browser.get("/api/m/greetingcard/mine")).json().data;
    expect(mine.cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
  });

  it("shows a shared card to its receiver, who replies with a card linked back to it", async () => {
    const sender = await signedInReader(t.app);
    const { card } = (
      await sender.browser.post("/api/m/greetingcard/card", {
        cardType: "spring",
        wordType: "spring-warm",
        to: "阿青",
        from: "阿远",
        message: "新春快乐，阖家安康！",
      })
    ).json().data;
    const opened = await t.app.inject({ url: `/api/m/greetingcard/card/${card.id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ to: "阿青", from: "阿远", mine: false });
    expect((await t.app.inject({ url: "/api/m/greetingcard/card/AAAAAAAAAAAA" })).statusCode).toBe(
      404,
    );

    const receiver = await signedInReader(t.app);
    const reply = await receiver.browser.post("/api/m/greetingcard/card", {
      cardType: "spring",
      wordType: "spring-yuanri",
      to: "阿远",
      from: "阿青",
      message: "也祝你新年顺遂！",
      replyTo: card.id,
    });
    expect(reply.statusCode).toBe(200);
    const answered = reply.json().data.card;
    expect(answered.replyTo).toMatchObject({ id: card.id, from: "阿远", to: "阿青" });
    const original = (await sender.browser.get(`/api/m/greetingcard/card/${card.id}`)).json().data;
    expect(original.mine).toBe(true);
    expect(original.replies.map((r: { id: string }) => r.id)).toEqual([answered.id]);
  });
});
