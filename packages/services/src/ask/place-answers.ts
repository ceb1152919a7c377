import { formatCoordinates } from "@tongjian/domain/entry-facts";
import { eraName } from "@tongjian/domain/relation-phrases";
import { type Composer, loadEntries } from "./answer-context.ts";
import { kindWord, NOT_RECORDED, placesWithModern, regimeOf, subject } from "./answer-phrases.ts";
import { ref, refOf, refs, text } from "./ask-entry.ts";
import { dynasty } from "./identity-answers.ts";

// Where: an event's places, a place today, a regime's capitals, a person's native place.

/** 在哪里: an event's places, a place's modern name, a regime's capitals, a person's native. */
export const where: Composer = async (ctx, e, w, q) => {
  switch (e.kind) {
    case "event": {
      w.cite(refOf(e));
      const places = refs(e, e.data.places);
      if (places.length === 0) {
        w.say(NOT_RECORDED);
        subject(w, e, "发生的地点。");
        return "not-recorded";
      }
      const note = await placesWithModern(ctx, places);
      subject(w, e, "发生在").names(places, 12, note).say("。");
      return "answered";
    }
    case "place": {
      w.cite(refOf(e));
      const modern = text(e.data.modern);
      const lat = e.data.lat;
      const lng = e.data.lng;
      const coords =
        typeof lat === "number" && typeof lng === "number" ? formatCoordinates(lat, lng) : null;
      if (!modern && !coords) {
        w.say(NOT_RECORDED);
        subject(w, e, "今天的位置。");
        return "not-recorded";
      }
      subject(w, e, modern ? `在今${modern}` : "的位置");
      w.say(coords ? `（${coords}）。` : "。");
      return "answered";
    }
    case "regime":
      return capital(ctx, e, w, q);
    case "person":
      return native(ctx, e, w, q);
    default:
      w.cite(refOf(e));
      w.say(NOT_RECORDED);
      subject(w, e, "的地点。");
      return "not-recorded";
  }
};

/** 是哪里人: the native place as written (with today's name), linked to the place if known. */
export const native: Composer = async (ctx, e, w, q) => {
  if (e.kind !== "person") return where(ctx, e, w, q);
  w.cite(refOf(e));
  const written = text(e.data.native);
  const place = ref(e, e.data.place);
  if (written) {
    if (/[，,；]/u.test(written)) subject(w, e, `的籍贯：${written}`);
    else subject(w, e, `是${written}人`);
    if (place) w.say("，地点见").name(place);
    w.say("。");
    return "answered";
  }
  if (place) {
    const note = await placesWithModern(ctx, [place]);
    subject(w, e, "的籍贯是")
      .name(place)
      .say(`${note(place)}。`);
    return "answered";
  }
  w.say(NOT_RECORDED);
  subject(w, e, "的籍贯。");
  return "not-recorded";
};

/** 都城: a regime's capitals with today's names and the relation's note (初期都城 …). */
export const capital: Composer = async (ctx, e, w, q) => {
  // "洛阳是哪些朝代的都城": the regimes that made the place their capital.
  if (e.kind === "place") return dynasty(ctx, e, w, q);
  if (e.kind !== "regime") {
    if (e.kind === "person" && regimeOf(e)) {
      // "李白那时的都城": the question is about the person's regime.
      const [regime] = await loadEntries(ctx, [regimeOf(e)?.id ?? ""]);
      if (regime) {
        w.cite(refOf(e));
        subject(w, e, "是").name(refOf(regime), eraName(regime.name)).say("人。");
        return capital(ctx, regime, w, q);
      }
    }
    w.cite(refOf(e));
    w.say(NOT_RECORDED);
    subject(w, e, `的都城：${e.name}是${kindWord(e)}，只有政权有都城。`);
    return "not-recorded";
  }
  w.cite(refOf(e));
  const capitals = refs(e, e.data.capitals);
  if (capitals.length === 0) {
    w.say(NOT_RECORDED);
    subject(w, e, "的都城。");
    return "not-recorded";
  }
  const relations = await ctx.entries.relations(e.id).catch(() => null);
  const labels = new Map(
    (relations?.relations ?? [])
      .filter((r) => r.type === "定都" && r.direction === "one-way" && r.label !== "都城")
      .map((r) => [r.item.id, r.label]),
  );
  const note = await placesWithModern(ctx, capitals);
  subject(w, e, "的都城是");
  w.names(capitals, 12, (p) => {
    const label = labels.get(p.id);
    const modern = note(p);
    if (label && modern) return `（${label}，${modern.slice(1, -1)}）`;
    return label ? `（${label}）` : modern;
  });
  w.say("。");
  return "answered";
};
