import { formatChinaDate } from "@tongjian/domain/relative-time";
import { createTrackingRepository } from "@tongjian/services/tracking/tracking-repository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const RECORD = "/api/m/log/tracking/h5/record";
const SUMMARY = "/api/m/log/tracking/h5/summary";

describe.each(databaseTargets())("H5 tracking on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: RECORD,
      headers: { "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const rows = () =>
    t.deps.handle.db.selectFrom("tracking_event").selectAll().orderBy("created_at").execute();

  it("stores an event with its page params, under the China-time day", async () => {
    const res = await record({
      sessionID: "s-123",
      actionType: "pageView",
      pageName: "article",
      modItemName: "正文",
      params: { ID: "0123456789abcdef01234567", sourceChannel: "wechat", video: false },
      language: "cn",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: "success", data: null });
    const [row] = await rows();
    expect(row).toMatchObject({
      session_id: "s-123",
      action_type: "pageView",
      page_name: "article",
      mod_item_name: "正文",
      day: formatChinaDate(Date.now()),
    });
    expect(row?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.parse(row?.params ?? "")).toEqual({
      ID: "0123456789abcdef01234567",
      sourceChannel: "wechat",
      video: false,
    });
  });

  it("falls back to UN_KNOW when the page has no session id", async () => {
    await record({ actionType: "click", pageName: "draw" });
    await record({ sessionID: "", actionType: "click", pageName: "draw", params: null });
    const stored = (await rows()).filter((r) => r.page_name === "draw");
    expect(stored.map((r) => r.session_id)).toEqual(["UN_KNOW", "UN_KNOW"]);
    expect(stored.map((r) => r.params)).toEqual(["{}", "{}"]);
  });

  it("counts a day's events by page and action", async () => {
    for (const [actionType, pageName] of [
      ["pageView", "hostList"],
      ["pageView", "hostList"],
      ["click", "hostList"],
      ["pageView", "Chinamusic"],
    ]) {
      expect((await record({ sessionID: "s-9", actionType, pageName })).statusCode).toBe(200);
    }
    const today = formatChinaDate(Date.now());
    const summary = (await t.app.inject({ url: `${SUMMARY}?day=${today}` })).json();
    expect(summary.code).toBe(200);
    expect(summary.data).toEqual({
      day: today,
      pageName: null,
      total: 7,
      pages: [
        {
          pageName: "hostList",
          total: 3,
          actions: [
            { actionType: "pageView", count: 2 },
            { actionType: "click", count: 1 },
          ],
        },
        { pageName: "draw", total: 2, actions: [{ actionType: "click", count: 2 }] },
        { pageName: "Chinamusic", total: 1, actions: [{ actionType: "pageView", count: 1 }] },
        { pageName: "article", total: 1, actions: [{ actionType: "pageView", count: 1 }] },
      ],
    });

    const onePage = (await t.app.inject({ url: `${SUMMARY}?pageName=hostList` })).json();
    expect(onePage.data).toMatchObject({ day: today, pageName: "hostList", total: 3 });
    expect(onePage.data.pages).toHaveLength(1);

    const otherDay = (await t.app.inject({ url: `${SUMMARY}?day=2020-01-01` })).json();
    expect(otherDay.data).toEqual({ day: "2020-01-01", pageName: null, total: 0, pages: [] });
  });

  it("files events by China time across the UTC date line", async () => {
    const event = { sessionId: "s", actionType: "late", pageName: "night", modItemName: null };
    const tracking = createTrackingRepository(t.deps.handle.db);
    await tracking.record({ ...event, params: {} }, new Date("2024-12-31T16:30:00Z"));
    await tracking.record({ ...event, params: {} }, new Date("2024-12-31T15:59:00Z"));
    const newYear = (await t.app.inject({ url: `${SUMMARY}?day=2025-01-01` })).json();
    expect(newYear.data.pages).toEqual([
      { pageName: "night", total: 1, actions: [{ actionType: "late", count: 1 }] },
    ]);
    const eve = (await t.app.inject({ url: `${SUMMARY}?day=2024-12-31` })).json();
    expect(eve.data.total).toBe(1);
  });

  it("refuses bad bodies and queries with a 400 in Chinese and stores nothing", async () => {
    const before = (await rows()).length;
    const bodies: [unknown, RegExp][] = [
      ["{not json", /不是有效的 JSON/],
      [
        { actionType: "click", pageName: "x", params: { ID: "1", evil: "1" } },
        /不支持的参数：evil/,
      ],
      [{ actionType: "click", pageName: "长".repeat(10_000) }, /pageName 至多 64 个字符/],
      [{ pageName: "article" }, /缺少 actionType/],
      [{ actionType: "click", pageName: "" }, /缺少 pageName/],
      [{ actionType: "click", pageName: 12 }, /pageName 应为字符串/],
      [{ actionType: "click", pageName: "x", params: "ID=1" }, /params 应为对象/],
      [{ actionType: "click", pageName: "x", params: { ID: { nested: 1 } } }, /参数值应为/],
      [{ actionType: "click", pageName: "x", params: { ID: "x".repeat(300) } }, /参数值/],
      [{ actionType: "click", pageName: "x", sessionID: "s".repeat(200) }, /sessionID 至多 128/],
      [[1, 2], /请求体/],
    ];
    for (const [payload, message] of bodies) {
      const res = await record(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = res.json();
      expect(body.code).toBe(400);
      expect(body.message, JSON.stringify(payload).slice(0, 80)).toMatch(message);
    }
    expect((await rows()).length).toBe(before);

    for (const [query, message] of [
      ["day=20240101", /YYYY-MM-DD/],
      ["day=2024-02-30", /日期无效/],
      [`pageName=${"p".repeat(100)}`, /pageName 至多 64/],
    ] as const) {
      const res = await t.app.inject({ url: `${SUMMARY}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
  it("keeps the circle and user of a shared circle page (spec §2: group-share → circlePage)", async () => {
    const res = await record({
      sessionID: "s-circle",
      actionType: "view",
      pageName: "circlePage",
      params: { circleId: "c7", userId: "u9" },
    });
    expect(res.json().code).toBe(200);
    const [row] = (await rows()).filter((r) => r.page_name === "circlePage");
    expect(JSON.parse(row?.params ?? "")).toEqual({ circleId: "c7", userId: "u9" });
  });
});
