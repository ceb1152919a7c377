import type { ChallengeInfo } from "@tongjian/contracts/books";
import { readerPath } from "@tongjian/domain/books";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { BookRow } from "../features/books/book-parts.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/readbook";
import "../features/books/books.css";

// 读书 (/readbook): the reading challenge. Join (signed in), read the books, upload reading
// notes (/readbook/upload) and give an address for the reward (/readbook/address).
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    info: await context.services.books.challenge(context.viewer),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `读书挑战 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/readbook",
    title: d.info.title,
    description: d.info.intro,
    type: "website",
  });
}

function Steps({ info }: { info: ChallengeInfo }) {
  return (
    <ol className="tj-card-box" aria-label="挑战进度">
      <li>已报名：{info.joinedAt ? new Date(info.joinedAt).toLocaleDateString("zh-CN") : "—"}</li>
      <li>
        已上传笔记 {info.notes.length} 篇 · <AppLink to="/readbook/upload">上传读书笔记</AppLink>
      </li>
      <li>
        收货地址：
        {info.address ? `已填写（${info.address.city}${info.address.district}）` : "未填写"} ·{" "}
        <AppLink to="/readbook/address">{info.address ? "修改地址" : "填写地址"}</AppLink>
      </li>
    </ol>
  );
}

export default function ReadBookRoute({ loaderData: d }: Route.ComponentProps) {
  const { info } = d;
  const { api } = usePlatform();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    if (!info.signedIn) {
      await signIn();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post("/api/readbook/y/join");
      await revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="tj-books">
      <h1 className="tj-books__title">{info.title}</h1>
      <p className="tj-books__lead">{info.intro}</p>
      <p className="tj-books__meta">
        已有 {info.joinedCount} 位读者报名，上传笔记 {info.noteCount} 篇 · 奖励：{info.reward}
      </p>
      {info.joined ? (
        <Steps info={info} />
      ) : (
        <div className="tj-books__actions">
          <button type="button" className="tj-button" disabled={busy} onClick={() => void join()}>
            {info.signedIn ? (busy ? "报名中…" : "报名参加") : "登录后报名"}
          </button>
          {error && (
            <p className="tj-form__error" role="alert">
              {error}{" "}
              <button type="button" className="tj-link-button" onClick={() => void join()}>
                重试
              </button>
            </p>
          )}
        </div>
      )}
      <section className="tj-section" aria-labelledby="tj-readbook-books">
        <h2 className="tj-section__title" id="tj-readbook-books">
          共读书目
        </h2>
        {info.books.length === 0 ? (
          <p className="tj-empty">书目还在整理中</p>
        ) : (
          <ul className="tj-book-list">
            {info.books.map((b) => (
              <BookRow
                key={b.key}
                book={b}
                side={
                  b.chapterCount > 0 ? (
                    <AppLink className="tj-button" to={readerPath(b.key)}>
                      读
                    </AppLink>
                  ) : undefined
                }
              />
            ))}
          </ul>
        )}
      </section>
      {info.joined && (
        <section className="tj-section" aria-labelledby="tj-readbook-notes">
          <h2 className="tj-section__title" id="tj-readbook-notes">
            我的读书笔记
          </h2>
          {info.notes.length === 0 ? (
            <p className="tj-empty">还没有笔记，读完一章写几句吧。</p>
          ) : (
            <ul className="tj-book-list">
              {info.notes.map((n) => (
                <li key={n.id} className="tj-card-box">
                  <p className="tj-books__meta">
                    {n.book ? `《${n.book.title}》 · ` : ""}
                    {new Date(n.createdAt).toLocaleDateString("zh-CN")}
                  </p>
                  <p>{n.text}</p>
                  {n.images.length > 0 && (
                    <ul className="tj-thumbs">
                      {n.images.map((img, i) => (
                        <li key={img.url}>
                          <a href={img.url}>
                            <img src={img.thumbUrl} alt={`笔记配图 ${i + 1}`} loading="lazy" />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
