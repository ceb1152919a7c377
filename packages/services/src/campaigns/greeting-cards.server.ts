import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type {
  CreateCardBody,
  CreateCardResult,
  GreetingCardView,
  GreetingCatalogue,
  MyCardsView,
  Wording,
} from "@tongjian/contracts/greeting-cards";
import { wordingsFileSchema } from "@tongjian/contracts/greeting-cards";
import type { Database, GreetingCardTable } from "@tongjian/db/database-schema";
import {
  cardTextProblem,
  cardType,
  cleanCardText,
  GREETING_CARD_TYPES,
  GREETING_KEY,
  GREETING_MESSAGE_MAX,
  GREETING_NAME_MAX,
  type GreetingCardTypeKey,
  greetingCardSvg,
  wordingProblems,
} from "@tongjian/domain/greeting-cards";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable } from "kysely";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { parse as parseYaml } from "yaml";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import { campaignFile } from "./campaign-file.ts";
import type { Campaigns } from "./campaigns.server.ts";

export const WORDINGS_FILE = join("campaigns", GREETING_KEY, "wordings.yaml");

type CardRow = Selectable<GreetingCardTable>;

/** Reads and checks the wordings: keys unique, every card type has at least two. */
export async function readWordings(contentDir: string): Promise<Wording[]> {
  const raw = parseYaml(await readFile(join(contentDir, WORDINGS_FILE), "utf8")) as unknown;
  const wordings = wordingsFileSchema.parse(raw).wordings;
  const problems = wordingProblems(wordings);
  if (problems.length > 0) throw new Error(`祝福语有误：${problems.join("；")}`);
  return wordings;
}

export const cardLink = (id: string) => `/greetingcard?card=${id}`;
export const cardImageUrl = (id: string) => `/api/m/greetingcard/image/${id}.png`;

/** Rendered cards kept in memory (a card never changes once made). */
const PNG_CACHE_ENTRIES = 200;

/** Renders a card's SVG to PNG with the machine's CJK fonts (Noto Serif CJK SC). */
export async function renderCardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}

/**
 * 贺卡 (decision 42): the designs and wordings; making a card (a participation of the
 * greetingcard campaign, the card row written in its transaction), a card as anyone with the
 * link sees it, replies linked to the card they answer, and the card rendered to PNG (cached).
 */
export function createGreetingCards(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  contentDir: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const wordings = campaignFile(() => readWordings(deps.contentDir), "贺卡暂未开放");
  const pngs = new LRUCache<string, Buffer>({ max: PNG_CACHE_ENTRIES });

  const summary = (r: CardRow) => ({
    id: r.id,
    cardType: r.card_type as GreetingCardTypeKey,
    label: cardType(r.card_type)?.label ?? "贺卡",
    to: r.to_name,
    from: r.from_name,
    createdAt: r.created_at,
  });

  async function row(id: string): Promise<CardRow> {
    const found = await db
      .selectFrom("greeting_card")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!found) throw new NotFoundError("贺卡不存在或已被删除");
    return found;
  }

  async function view(r: CardRow, viewer: Viewer): Promise<GreetingCardView> {
    const original = r.reply_to
      ? await db
          .selectFrom("greeting_card")
          .selectAll()
          .where("id", "=", r.reply_to)
          .executeTakeFirst()
      : undefined;
    const replies = await db
      .selectFrom("greeting_card")
      .selectAll()
      .where("reply_to", "=", r.id)
      .orderBy("created_at", "asc")
      .limit(50)
      .execute();
    return {
      ...summary(r),
      wordType: r.word_type,
      heading: cardType(r.card_type)?.heading ?? "",
      message: r.message,
      imageUrl: cardImageUrl(r.id),
      link: cardLink(r.id),
      replyTo: original ? summary(original) : null,
      replies: replies.map(summary),
      mine: ownerIdOf(viewer) === r.owner_id,
    };
  }

  return {
    async catalogue(): Promise<GreetingCatalogue> {
      const all = await wordings();
      return {
        cardTypes: GREETING_CARD_TYPES.map((t) => ({
          key: t.key,
          label: t.label,
          heading: t.heading,
          wordings: all.filter((w) => w.cardType === t.key).map(({ cardType: _type, ...w }) => w),
        })),
        limits: { name: GREETING_NAME_MAX, message: GREETING_MESSAGE_MAX },
      };
    },

    async card(id: string, viewer: Viewer): Promise<GreetingCardView> {
      return view(await row(id), viewer);
    },

    async mine(viewer: Viewer): Promise<MyCardsView> {
      const owner = ownerIdOf(viewer);
      if (!owner) return { signedIn: false, cards: [] };
      const rows = await db
        .selectFrom("greeting_card")
        .selectAll()
        .where("owner_id", "=", owner)
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      return { signedIn: true, cards: rows.map(summary) };
    },

    /** Makes a card: texts cleaned and checked (400), the card written with the participation. */
    async create(
      viewer: Viewer,
      deviceId: string | null,
      input: CreateCardBody,
    ): Promise<CreateCardResult> {
      const type = cardType(input.cardType);
      if (!type) throw new BadRequestError("没有这种贺卡");
      const wording = (await wordings()).find((w) => w.key === input.wordType);
      if (!wording || wording.cardType !== type.key)
        throw new BadRequestError("祝福语与贺卡不匹配");
      const texts = {
        to: cleanCardText(input.to, false),
        from: cleanCardText(input.from, false),
        message: cleanCardText(input.message, true),
      };
      const problem = cardTextProblem(texts);
      if (problem) throw new BadRequestError(problem);
      if (input.replyTo) await row(input.replyTo);
      const id = randomBytes(9).toString("base64url");
      const { action } = await deps.campaigns.participate(
        GREETING_KEY,
        viewer,
        { deviceId, kind: input.replyTo ? "reply" : "card", subject: id },
        async (trx) => {
          await trx
            .insertInto("greeting_card")
            .values({
              id,
              owner_id: ownerIdOf(viewer) as string,
              card_type: type.key,
              word_type: wording.key,
              to_name: texts.to,
              from_name: texts.from,
              message: texts.message,
              reply_to: input.replyTo ?? null,
              created_at: clock().toISOString(),
            })
            .execute();
        },
      );
      const made = await db
        .selectFrom("greeting_card")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("owner_id", "=", action.ownerId)
        .executeTakeFirst();
      const granted = await deps.campaigns.grantDue(GREETING_KEY, viewer, Number(made?.n ?? 0));
      return { card: await view(await row(id), viewer), granted: granted.map((g) => g.label) };
    },

    /** The card as PNG, rendered once and kept (cards do not change). */
    async png(id: string): Promise<Buffer> {
      const hit = pngs.get(id);
      if (hit) return hit;
      const r = await row(id);
      const png = await renderCardPng(
        greetingCardSvg({
          cardType: r.card_type,
          to: r.to_name,
          from: r.from_name,
          message: r.message,
        }),
      );
      pngs.set(id, png);
      return png;
    },
  };
}

export type GreetingCards = ReturnType<typeof createGreetingCards>;
