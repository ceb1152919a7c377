import type { SubscriptionStateReply } from "@tongjian/contracts/wechat";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/subscribe";
import "../features/wechat/wechat-pages.css";

// /subscribe: which updates a reader wants (stored per account, else per WeChat visitor). Needs
// login: a reader without one is sent to /login and comes back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = requirePageReader(context, request);
  return { state: await context.services.subscriptions.get(reader) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `订阅更新 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { api } = usePlatform();
  const [topics, setTopics] = useState(loaderData.state.topics);
  const [chosen, setChosen] = useState(
    () => new Set(loaderData.state.topics.filter((t) => t.subscribed).map((t) => t.key)),
  );
  const [status, setStatus] = useState<
    { kind: "idle" | "saving" | "saved" } | { kind: "failed"; message: string }
  >({ kind: "idle" });

  const save = async () => {
    setStatus({ kind: "saving" });
    try {
      const next = await api.post<SubscriptionStateReply>("/api/m/social/v1/y/subscribe", {
        topics: topics.filter((t) => chosen.has(t.key)).map((t) => t.key),
      });
      setTopics(next.topics);
      setChosen(new Set(next.topics.filter((t) => t.subscribed).map((t) => t.key)));
      setStatus({ kind: "saved" });
    } catch (error) {
      // The choices stay as ticked, to save again.
      setStatus({
        kind: "failed",
        message: error instanceof Error ? error.message : "保存失败，请重试",
      });
    }
  };

  return (
    <main className="tj-article tj-wx">
      <h1 className="tj-article__title">订阅更新</h1>
      <p className="tj-wx__lead">
        选择想收到的内容。更新通过公众号推送，请先
        <AppLink to="/followwxaccount?redirect=%2Fsubscribe">关注公众号</AppLink>。
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset className="tj-wx__card">
          <legend className="tj-visually-hidden">订阅项</legend>
          <ul className="tj-sub__list">
            {topics.map((topic) => (
              <li key={topic.key} className="tj-sub__item">
                <label className="tj-sub__label">
                  <input
                    type="checkbox"
                    className="tj-sub__check"
                    name="topic"
                    value={topic.key}
                    checked={chosen.has(topic.key)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(topic.key);
                      else next.delete(topic.key);
                      setChosen(next);
                      setStatus({ kind: "idle" });
                    }}
                  />
                  <span className="tj-sub__text">
                    <span className="tj-sub__title">{topic.title}</span>
                    <span className="tj-sub__desc">{topic.desc}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="submit"
          className="tj-button tj-button--block"
          disabled={status.kind === "saving"}
        >
          {status.kind === "saving" ? "正在保存…" : "保存订阅"}
        </button>
        {status.kind === "saved" && (
          <p className="tj-sub__saved" role="status">
            已保存：订阅了 {chosen.size} 项。
          </p>
        )}
        {status.kind === "failed" && (
          <p className="tj-wx__error" role="alert">
            {status.message}
          </p>
        )}
      </form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
