import type {
  CreateCardResult,
  GreetingCardView,
  GreetingCatalogue,
} from "@tongjian/contracts/greeting-cards";
import { characterCount } from "@tongjian/domain/greeting-cards";
import { useId, useState } from "react";
import { ActionError, SignInPrompt, useApiAction } from "../../shell/api-action.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { CardPreview, cardAlt } from "./card-preview.tsx";

/** Spec §3 greetingcardData: which step the page is on and what was chosen. */
export interface GreetingCardData {
  pageStatus: "choose" | "edit";
  cardType: string;
  wordType: string;
}

type CardTypeEntry = GreetingCatalogue["cardTypes"][number];

/**
 * Making a card: choose a design and a wording (选择), then write to and from and edit the
 * message within its limit (编辑) with the card previewed as it will be; the server cleans the
 * text, keeps the card and renders it.
 */
export function CardMaker({
  catalogue,
  signedIn,
  replyTo,
  running,
  reason,
  onMade,
}: {
  catalogue: GreetingCatalogue;
  signedIn: boolean;
  /** The card being answered. */
  replyTo: GreetingCardView | null;
  running: boolean;
  reason: string | null;
  onMade: (result: CreateCardResult) => void;
}) {
  const { api } = usePlatform();
  const first = catalogue.cardTypes[0] as CardTypeEntry;
  const startType = catalogue.cardTypes.find((t) => t.key === replyTo?.cardType) ?? first;
  const [data, setData] = useState<GreetingCardData>({
    pageStatus: "choose",
    cardType: startType.key,
    wordType: startType.wordings[0]?.key ?? "",
  });
  const [to, setTo] = useState(replyTo?.from ?? "");
  const [from, setFrom] = useState(replyTo?.to ?? "");
  const [message, setMessage] = useState("");
  const action = useApiAction<CreateCardResult>();
  const ids = useId();
  const type = catalogue.cardTypes.find((t) => t.key === data.cardType) ?? first;
  const wording = type.wordings.find((w) => w.key === data.wordType) ?? type.wordings[0];

  const chooseType = (t: CardTypeEntry) =>
    setData({ ...data, cardType: t.key, wordType: t.wordings[0]?.key ?? "" });
  const toEdit = () => {
    setMessage(wording?.text ?? "");
    setData({ ...data, pageStatus: "edit" });
  };
  const make = async () => {
    const made = await action.run(() =>
      api.post<CreateCardResult>("/api/m/greetingcard/card", {
        cardType: data.cardType,
        wordType: data.wordType,
        to,
        from,
        message,
        ...(replyTo ? { replyTo: replyTo.id } : {}),
      }),
    );
    if (made) onMade(made);
  };

  if (data.pageStatus === "choose")
    return (
      <section aria-labelledby={`${ids}-choose`} data-testid="card-choose">
        <h2 id={`${ids}-choose`} className="tj-section__title">
          {replyTo ? `回赠${replyTo.from}一张贺卡` : "第一步：选贺卡与祝福语"}
        </h2>
        <fieldset className="tj-card-choice">
          <legend>贺卡样式</legend>
          <div className="tj-card-choice__types">
            {catalogue.cardTypes.map((t) => (
              <label key={t.key} className="tj-card-choice__type" data-checked={t.key === type.key}>
                <input
                  type="radio"
                  name={`${ids}-type`}
                  value={t.key}
                  checked={t.key === type.key}
                  onChange={() => chooseType(t)}
                />
                <CardPreview
                  card={{ cardType: t.key, to: "你", from: "我", message: t.heading }}
                  alt=""
                />
                <span>{t.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="tj-card-choice">
          <legend>祝福语（{type.label}）</legend>
          <ul className="tj-card-choice__words">
            {type.wordings.map((w) => (
              <li key={w.key}>
                <label data-checked={w.key === wording?.key}>
                  <input
                    type="radio"
                    name={`${ids}-word`}
                    value={w.key}
                    checked={w.key === wording?.key}
                    onChange={() => setData({ ...data, wordType: w.key })}
                  />
                  <span className="tj-card-choice__word">
                    <strong>{w.title}</strong>
                    {w.source ? <small>（引自 {w.source}）</small> : null}
                    <span>{w.text}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="button"
          className="tj-button tj-button--block"
          onClick={toEdit}
          data-testid="card-next"
        >
          下一步：写贺卡
        </button>
      </section>
    );

  const over = characterCount(message) > catalogue.limits.message;
  return (
    <section aria-labelledby={`${ids}-edit`} data-testid="card-edit">
      <h2 id={`${ids}-edit`} className="tj-section__title">
        第二步：写上名字与祝福
      </h2>
      <div className="tj-card-edit">
        <label className="tj-card-edit__field">
          <span>收卡人</span>
          <input
            value={to}
            onChange={(e) => setTo(e.target.value)}
            maxLength={catalogue.limits.name}
            placeholder="如：王老师"
            data-testid="card-to"
          />
        </label>
        <label className="tj-card-edit__field">
          <span>署名</span>
          <input
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            maxLength={catalogue.limits.name}
            placeholder="你的名字"
            data-testid="card-from"
          />
        </label>
        <label className="tj-card-edit__field">
          <span>祝福语</span>
          <textarea
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            rows={5}
            aria-describedby={`${ids}-count`}
            data-testid="card-message"
          />
        </label>
        <p id={`${ids}-count`} className="tj-campaign__meta" data-over={over} aria-live="polite">
          {characterCount(message)} / {catalogue.limits.message} 字{over ? "，请删减一些" : ""}
        </p>
      </div>
      <h3 className="tj-campaign__subtitle">预览</h3>
      <CardPreview
        card={{ cardType: type.key, to: to || "收卡人", from: from || "署名", message }}
        alt={cardAlt({ label: type.label, to, from, message })}
      />
      {!signedIn ? (
        <SignInPrompt what="制作贺卡" />
      ) : (
        <>
          <button
            type="button"
            className="tj-button tj-button--block"
            onClick={() => void make()}
            disabled={!running || action.busy || over}
            aria-busy={action.busy}
            data-testid="card-make"
          >
            {action.busy ? "正在生成…" : running ? "生成贺卡" : (reason ?? "暂不可制作")}
          </button>
          <ActionError error={action.error} />
        </>
      )}
      <button
        type="button"
        className="tj-button tj-button--ghost tj-button--block"
        onClick={() => setData({ ...data, pageStatus: "choose" })}
      >
        返回上一步
      </button>
    </section>
  );
}
