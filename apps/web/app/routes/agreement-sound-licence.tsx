import { AGREEMENT_LINKS } from "@tongjian/domain/agreements";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SOUND_LICENCES, soundLicenceOfPath, soundsUnder } from "@tongjian/domain/sound-licences";
import { AgreementLinks } from "../features/agreements/agreement-links.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/agreement-sound-licence";
import "../features/agreements/agreements.css";

/**
 * 声音版权说明 · CC0 and · CC BY 4.0 (/agreement/soundcopyright/cc0, …/cc4; decision 40): the
 * licence in plain words and every piece of audio the product carries under it, read from the
 * audio's own data (the music pieces in the database, the sample melodies).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const segment = url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  const key = soundLicenceOfPath(segment);
  if (!key) throw notFound("没有这种许可");
  const sounds = soundsUnder(key, await context.services.soundCatalogue.sounds());
  return { licence: SOUND_LICENCES[key], sounds, links: AGREEMENT_LINKS };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.licence.short ?? ""} 音频清单 - ${PRODUCT_NAME}` }];
}

export default function SoundLicencePage({ loaderData: d }: Route.ComponentProps) {
  const { licence, sounds } = d;
  return (
    <main className="tj-agreement">
      <h1 className="tj-agreement__title">{licence.short} 音频清单</h1>
      <p className="tj-agreement__meta">
        许可：{licence.name}，见<AppLink to="/agreement/soundcopyright">《声音版权说明》</AppLink>
      </p>
      <section>
        <h2>这份许可允许</h2>
        <ul>
          {licence.allows.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h2>使用时请</h2>
        <ul>
          {licence.asks.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          许可协议全文（知识共享组织网站）：<span translate="no">{licence.legalCode}</span>
        </p>
      </section>
      <section>
        <h2>以此许可发布的音频（{sounds.length}）</h2>
        {sounds.length === 0 ? (
          <p data-testid="sound-list-empty">
            目前本站没有以 {licence.short} 发布的音频。本站播放的音频都由程序合成并以 CC0 1.0
            发布，见<AppLink to="/agreement/soundcopyright/cc0">CC0 音频清单</AppLink>。
          </p>
        ) : (
          <ol data-testid="sound-list">
            {sounds.map((sound) => (
              <li key={`${sound.path}|${sound.title}`}>
                {sound.path ? <AppLink to={sound.path}>{sound.title}</AppLink> : sound.title}
                <span className="tj-agreement__meta"> · {sound.origin}</span>
                {sound.attribution && <span> · 署名：{sound.attribution}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
      <AgreementLinks links={d.links} current={licence.path} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
