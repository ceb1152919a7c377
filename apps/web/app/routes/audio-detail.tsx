import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { Link } from "react-router";
import { AudioPlayer } from "../features/media/audio-player.tsx";
import { notFound } from "../shell/not-found.ts";
import type { Route } from "./+types/audio-detail";
import "./audio-detail.css";

const SAMPLE_LABEL = "示例音频（合成）";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { list } = await context.services.sampleAudio.list();
  const name = url.searchParams.get("name") ?? list[0]?.key;
  const current = list.find((item) => item.key === name);
  if (!current) throw notFound();
  return { current, list };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `音频详情 - ${PRODUCT_NAME}` }];
  return [
    { title: `${d.current.songName} - ${PRODUCT_NAME}` },
    { name: "description", content: d.current.description },
  ];
}

export default function AudioDetailPage({ loaderData }: Route.ComponentProps) {
  const { current, list } = loaderData;
  const others = list.filter((item) => item.key !== current.key);
  return (
    <main className="tj-audio-page">
      <p className="tj-audio-page__label">{SAMPLE_LABEL}</p>
      <h1 className="tj-audio-page__title">{current.songName}</h1>
      <p className="tj-audio-page__desc">{current.description}</p>
      <AudioPlayer key={current.key} item={current} playlist={list} />
      <p className="tj-audio-page__notice" role="note">
        本页音频均由程序按五声音阶（宫、商、角、徵、羽）即时合成，仅用于演示播放功能，并非真实录音或传世曲目。
      </p>
      {others.length > 0 && (
        <section className="tj-section" aria-labelledby="tj-audio-others">
          <h2 className="tj-section__title" id="tj-audio-others">
            其他{SAMPLE_LABEL}
          </h2>
          <ul className="tj-audio-page__list">
            {others.map((item) => (
              <li key={item.key} className="tj-audio-page__item">
                <AudioPlayer item={item} playlist={list} variant="compact" />
                <Link
                  className="tj-audio-page__switch"
                  to={`?name=${encodeURIComponent(item.key)}`}
                  aria-label={`切换到${item.songName}`}
                >
                  详情
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
