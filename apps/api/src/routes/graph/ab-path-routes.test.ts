import { setTimeout as sleep } from "node:timers/promises";
import { contentId } from "@tongjian/content/load-content";
import { bumpContentVersion } from "@tongjian/db/content-version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { testReaders } from "../../test-readers.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const LI_YUAN = contentId("person", "li-yuan");
const TANG = contentId("regime", "tang");
const CHANG_AN = contentId("place", "chang-an");
const PATH = "/api/ab_path";
const SAVE = "/api/m/abPathSave/v1/n/save";
const DETAIL = "/api/m/abPathSave/v1/n/detail/cn";
const LONELY = "ab00000000000000000000aa";

describe.each(databaseTargets())("A-to-B path API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const readers = testReaders(() => t);
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    const db = t.deps.handle.db;
    // 李渊 founded 唐 (a seeded row): give it a place, a year and a sentence.
    await db
      .updateTable("relation")
      .set({ year: 618, place_id: CHANG_AN, description: "李渊在长安受隋恭帝禅让，建立唐朝。" })
      .where("from_id", "=", LI_YUAN)
      .where("to_id", "=", TANG)
      .execute();
    // An entry with no relation at all.
    const at = new Date().toISOString();
    await db
      .insertInto("entry")
      .values({
        id: LONELY,
        key: "lonely-test-entry",
        kind: "person",
        name: "无名氏",
        aliases: "[]",
        summary: "",
        start_year: null,
        end_year: null,
        time_desc: null,
        regime_id: null,
        data: "{}",
        image_url: null,
        search_names: "无名氏",
        pinyin: "wumingshi",
        pinyin_initials: "wms",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await bumpContentVersion(db);
    await sleep(100);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (payload: unknown, url = PATH) => {
    const res = await t.app.inject({ method: "POST", url, payload: payload as object });
    return { status: res.statusCode, body: res.json() };
  };

  it("finds the chain between two entries with names, kinds and readable labels", async () => {
    const { status, body } = await post({ source: TANG, destination: DU_FU, depth: 6, topK: 5 });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const data = body.data;
    expect(data.outcome).toBe("found");
    expect(data.length).toBe(3);
    expect(data.source).toMatchObject({ id: TANG, name: "唐", kind: "regime", kindName: "政权" });
    const [path] = data.paths;
    expect(path.nodeIds).toEqual([TANG, LI_YUAN, LI_BAI, DU_FU]);
    expect(path.nodeIds.map((id: string) => data.nodes[id].name)).toEqual([
      "唐",
      "李渊",
      "李白",
      "杜甫",
    ]);
    expect(data.nodes[LI_BAI]).toMatchObject({ initials: "李", kind: "person", removed: false });
    // Walked from 唐 back to its founder: against the stored row.
    expect(path.steps[0]).toMatchObject({
      from: TANG,
      to: LI_YUAN,
      type: "建立",
      label: "建立政权",
      direction: "backward",
      title: "「李渊」建立了「唐」",
      desc: "李渊在长安受隋恭帝禅让，建立唐朝。",
      year: 618,
      yearText: "618年",
      place: { id: CHANG_AN, name: "长安" },
    });
    expect(path.steps[2]).toMatchObject({ label: "好友", twoway: true, arrow: "twoway" });
    expect(data.message).toContain("最短 3 步");
  });

  it("says when there is no chain within the depth, or an entry has no relations", async () => {
    const near = await post({ source: TANG, destination: DU_FU, depth: 2 });
    expect(near.status).toBe(200);
    expect(near.body.data).toMatchObject({ outcome: "none", reason: "depth", paths: [] });
    expect(near.body.data.message).toContain("2 步之内没有找到");
    const alone = await post({ source: LI_BAI, destination: LONELY });
    expect(alone.status).toBe(200);
    expect(alone.body.data).toMatchObject({ outcome: "none", reason: "isolated" });
    expect(alone.body.data.message).toContain("还没有收录与其他词条的关系");
  });

  it("answers bad input with a 4xx and a Chinese message, never a 500", async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ source: LI_BAI, destination: "f".repeat(24) }, 404, /找不到终点词条/],
      [{ source: "f".repeat(24), destination: LI_BAI }, 404, /找不到起点词条/],
      [{ source: LI_BAI, destination: LI_BAI }, 400, /同一个词条/],
      [{ source: LI_BAI, destination: DU_FU, depth: 0 }, 400, /depth 至少为 1/],
      [{ source: LI_BAI, destination: DU_FU, depth: 100 }, 400, /depth 至多为 8/],
      [{ source: LI_BAI, destination: DU_FU, depth: 2.5 }, 400, /depth 应为整数/],
      [{ source: LI_BAI, destination: DU_FU, topK: 0 }, 400, /topK 至少为 1/],
      [{ source: LI_BAI, destination: DU_FU, topK: 10_000 }, 400, /topK 至多为 20/],
      [{ source: "李白", destination: DU_FU }, 400, /词条编号/],
      [{ destination: DU_FU }, 400, /source/],
      [[1, 2], 400, /请求体/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.code).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(res.body.data).toBeNull();
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { "content-type": "application/json" },
      payload: '{"source": "',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("请求体不是有效的 JSON");
    const huge = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ source: "a".repeat(t.deps.config.bodyLimitBytes) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("请求体过大");
  });

  it("saves a chain anonymously for sharing and opens it by its id", async () => {
    const browser = testBrowser(t.app);
    const saved = await browser.post(SAVE, { source: LI_YUAN, destination: DU_FU, depth: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, title, href, savedToMy } = saved.json().data;
    expect(title).toBe("李渊 与 杜甫 的关系链");
    expect(href).toBe(`/abpath?saveId=${id}`);
    expect(savedToMy).toBe(false);
    const detail = await t.app.inject({ url: `${DETAIL}/${id}` });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data.result.paths[0].nodeIds).toEqual([LI_YUAN, LI_BAI, DU_FU]);
    expect(data).toMatchObject({ id, missing: [], notice: null });
    const card = await t.app.inject({ url: `/media/abpath/${id}.png` });
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect((await t.app.inject({ url: `/media/abpath/${"0".repeat(24)}.png` })).statusCode).toBe(
      404,
    );

    // Without a CSRF token a browser's save is refused; a missing or malformed id is a 4xx.
    const refused = await t.app.inject({
      method: "POST",
      url: SAVE,
      headers: { cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      payload: { source: LI_YUAN, destination: DU_FU },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: `${DETAIL}/${"0".repeat(24)}` })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: `${DETAIL}/nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("保存编号");
    // Nothing to save when there is no chain.
    const none = await browser.post(SAVE, { source: TANG, destination: DU_FU, depth: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain("没有找到");
  });

  it("lists a signed-in reader's saved chain on /my", async () => {
    const { browser } = await readers.account("关系链读者");
    const saved = await browser.post(SAVE, { source: TANG, destination: DU_FU });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, savedToMy } = saved.json().data;
    expect(savedToMy).toBe(true);
    const list = await browser.get("/api/m/social/v1/y/my/saved?kind=abpath");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list).toEqual([
      expect.objectContaining({
        kind: "abpath",
        refId: id,
        title: "唐 与 杜甫 的关系链",
        href: `/abpath?saveId=${id}`,
      }),
    ]);
  });

  it("still opens a saved chain whose entries were removed, and names them", async () => {
    const browser = testBrowser(t.app);
    const saved = await browser.post(SAVE, { source: LI_YUAN, destination: DU_FU });
    const { id } = saved.json().data;
    const db = t.deps.handle.db;
    await db.deleteFrom("relation").where("from_id", "=", LI_BAI).execute();
    await db.deleteFrom("relation").where("to_id", "=", LI_BAI).execute();
    await db.deleteFrom("entry").where("id", "=", LI_BAI).execute();
    await bumpContentVersion(db);
    await sleep(100);
    const detail = await t.app.inject({ url: `${DETAIL}/${id}` });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data.missing).toEqual([{ id: LI_BAI, name: "李白" }]);
    expect(data.notice).toContain("「李白」已被删除");
    expect(data.result.nodes[LI_BAI]).toMatchObject({ name: "李白", removed: true });
    expect(data.result.paths[0].nodeIds).toEqual([LI_YUAN, LI_BAI, DU_FU]);
    // A fresh search no longer finds that chain.
    const fresh = await post({ source: LI_YUAN, destination: DU_FU });
    expect(fresh.body.data.outcome).toBe("none");
  });
});
