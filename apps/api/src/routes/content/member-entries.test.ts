import { contentId } from "@tongjian/content/load-content";
import { memberOpening } from "@tongjian/domain/member-entries";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { signedInReader } from "../test-readers.ts";

const MEMBER_ENTRY = contentId("event", "qin-mie-liu-guo");
const FREE_ENTRY = contentId("person", "ying-zheng");

// Member entries (会员词条): the whole text is for VIP readers only; everyone else gets the
// opening, marked locked, and never the rest (VIP right "member-entries").
describe.each(databaseTargets())("member entries on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let full = "";
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
    // The fixture content has no member entry: one is marked before anything reads it.
    const db = t.deps.handle.db;
    await db.updateTable("entry").set({ member: 1 }).where("id", "=", MEMBER_ENTRY).execute();
    const row = await db
      .selectFrom("entry")
      .select("summary")
      .where("id", "=", MEMBER_ENTRY)
      .executeTakeFirstOrThrow();
    full = row.summary;
  });
  afterAll(async () => {
    await t?.close();
  });

  const rest = () => full.slice(memberOpening(full).length);

  function expectLocked(detail: { summary: string; member: boolean; locked: boolean }) {
    expect(detail.member).toBe(true);
    expect(detail.locked).toBe(true);
    expect(detail.summary).toBe(memberOpening(full));
    expect(detail.summary.length).toBeLessThan(full.length);
  }

  it("gives an anonymous reader only the opening, in the detail and the pop-up", async () => {
    const detail = await t.app.inject({ url: `/api/item/detail/cn/${MEMBER_ENTRY}` });
    expectLocked(detail.json().data);
    expect(detail.body).not.toContain(rest());
    const intro = await t.app.inject({ url: `/api/item/intro/cn/${MEMBER_ENTRY}` });
    expectLocked(intro.json().data);
    expect(intro.body).not.toContain(rest());
  });

  it("shows the entry pages that list a member entry only its opening", async () => {
    const timeline = (await t.app.inject({ url: `/api/item/timeline/cn/${FREE_ENTRY}` })).json()
      .data as { list: { itemId: string | null; desc: string }[] };
    const relations = (await t.app.inject({ url: `/api/item/relation/cn/${FREE_ENTRY}` })).json()
      .data as { relations: { item: { id: string; summary: string } }[] };
    const onTimeline = timeline.list.filter((i) => i.itemId === MEMBER_ENTRY);
    const related = relations.relations.filter((r) => r.item.id === MEMBER_ENTRY);
    expect(onTimeline.length + related.length).toBeGreaterThan(0);
    for (const i of onTimeline) expect(i.desc).toBe(memberOpening(full));
    for (const r of related) expect(r.item.summary).toBe(memberOpening(full));
  });

  it("gives a signed-in reader without VIP only the opening", async () => {
    const r = await signedInReader(t.app);
    const detail = await r.browser.get(`/api/item/detail/cn/${MEMBER_ENTRY}`);
    expectLocked(detail.json().data);
    expect(detail.body).not.toContain(rest());
    const intro = await r.browser.get(`/api/item/intro/cn/${MEMBER_ENTRY}`);
    expectLocked(intro.json().data);
  });

  it("gives a VIP reader the whole entry, and leaves free entries whole for everyone", async () => {
    const r = await signedInReader(t.app);
    await t.deps.handle.db.transaction().execute((trx) =>
      t.deps.services.entitlements.grantVip(trx, {
        accountId: r.userId,
        months: 1,
        grantKey: `member-entries-test-${r.userId}`,
        orderNum: null,
        now: new Date(),
      }),
    );
    const detail = (await r.browser.get(`/api/item/detail/cn/${MEMBER_ENTRY}`)).json().data;
    expect(detail).toMatchObject({ member: true, locked: false, summary: full });
    const intro = (await r.browser.get(`/api/item/intro/cn/${MEMBER_ENTRY}`)).json().data;
    expect(intro).toMatchObject({ member: true, locked: false, summary: full });

    // Another reader, after the VIP's read filled the service's cache, is still locked.
    expectLocked((await t.app.inject({ url: `/api/item/detail/cn/${MEMBER_ENTRY}` })).json().data);

    const free = (await t.app.inject({ url: `/api/item/detail/cn/${FREE_ENTRY}` })).json().data;
    expect(free).toMatchObject({ member: false, locked: false });
  });
});
