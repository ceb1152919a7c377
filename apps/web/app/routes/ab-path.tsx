import type { AbPathResult, AbPathSaved } from "@tongjian/contracts/graph-path";
import {
  AB_PATH_DEPTH_DEFAULT,
  AB_PATH_DEPTH_MAX,
  AB_PATH_DEPTH_MIN,
} from "@tongjian/domain/ab-path-limits";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { PathChain } from "../features/graph/ab-path-chain.tsx";
import { EntryPicker, type PickedEntry } from "../features/graph/ab-path-picker.tsx";
import {
  abPathShareDescription,
  abPathShareState,
  abPathShareTitle,
} from "../features/graph/ab-path-share.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform, useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ab-path";
import "../features/graph/ab-path.css";

/** How many paths the screen asks for. */
const TOP_K = 5;
const DEPTHS = Array.from(
  { length: AB_PATH_DEPTH_MAX - AB_PATH_DEPTH_MIN + 1 },
  (_, i) => AB_PATH_DEPTH_MIN + i,
);

function parseDepth(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= AB_PATH_DEPTH_MIN && n <= AB_PATH_DEPTH_MAX
    ? n
    : AB_PATH_DEPTH_DEFAULT;
}

const pickedOf = (node: AbPathResult["source"]): PickedEntry => ({
  id: node.id,
  name: node.name,
  note: [node.kindName, node.timeDesc].filter(Boolean).join(" ") || null,
});

// 人物关系路径 (/abpath, /home/abpath; issue 17): two entries, the depth, and the shortest
// relation chains between them. `?source=&destination=&depth=` makes a search linkable and
// rendered on the server; `?saveId=` opens a saved (shared) path with its own card.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const { abPaths, entries } = context.services;
  const saveId = url.searchParams.get("saveId");
  if (saveId !== null) {
    if (!isEntityId(saveId)) throw notFound("这条关系链不存在或已被删除");
    const saved = await orNotFound(abPaths.detail(saveId), "这条关系链不存在或已被删除");
    const share = abPathShareState(saved.result);
    return {
      origin,
      depth: saved.result.depth,
      source: pickedOf(saved.result.source),
      destination: pickedOf(saved.result.destination),
      result: saved.result,
      error: null,
      saved: { id: saved.id, notice: saved.notice, createdAt: saved.createdAt },
      examples: [],
      description: seoDescription(abPathShareDescription(share, saved.result)),
    };
  }
  const depth = parseDepth(url.searchParams.get("depth"));
  const sourceId = url.searchParams.get("source");
  const destinationId = url.searchParams.get("destination");
  const one = async (id: string | null): Promise<PickedEntry | null> => {
    if (!id || !isEntityId(id)) return null;
    const intro = await entries.intro(id).catch(() => null);
    return intro ? { id: intro.id, name: intro.name, note: null } : null;
  };
  const base = {
    origin,
    depth,
    saved: null,
    description: seoDescription(
      "人物关系路径：任选两位历史人物或两个词条，找出把他们联系起来的最短关系链，一步步看清谁和谁、怎样相连。",
    ),
  };
  if (sourceId && destinationId && isEntityId(sourceId) && isEntityId(destinationId)) {
    try {
      const result = await abPaths.find({
        source: sourceId,
        destination: destinationId,
        depth,
        topK: TOP_K,
      });
      return {
        ...base,
        source: pickedOf(result.source),
        destination: pickedOf(result.destination),
        result,
        error: null,
        examples: [],
        description: seoDescription(abPathShareDescription(abPathShareState(result), result)),
      };
    } catch (error) {
      // A service's 4xx (an end removed, bad input) is said on the page; anything else is not.
      const status = (error as { status?: unknown }).status;
      if (!(error instanceof Error) || typeof status !== "number" || status >= 500) throw error;
      const [source, destination] = await Promise.all([one(sourceId), one(destinationId)]);
      return {
        ...base,
        source,
        destination,
        result: null,
        error: error.message,
        examples: await abPaths.examples(),
      };
    }
  }
  const [source, destination, examples] = await Promise.all([
    one(sourceId),
    one(destinationId),
    abPaths.examples(),
  ]);
  return { ...base, source, destination, result: null, error: null, examples };
}

export function meta({ data: d, location }: Route.MetaArgs) {
  if (!d) return [{ title: `人物关系路径 - ${PRODUCT_NAME}` }];
  const title = d.result ? abPathShareTitle(abPathShareState(d.result)) : "人物关系路径";
  return seoMeta({
    origin: d.origin,
    path: d.saved ? `/abpath?saveId=${d.saved.id}` : `${location.pathname}${location.search}`,
    title,
    description: d.description,
    image: d.saved ? `/media/abpath/${d.saved.id}.png` : null,
    type: "website",
  });
}

type ShareState =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; text: string }
  | { kind: "error"; text: string };

export default function AbPathRoute({ loaderData: d }: Route.ComponentProps) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [source, setSource] = useState<PickedEntry | null>(d.source);
  const [destination, setDestination] = useState<PickedEntry | null>(d.destination);
  const [depth, setDepth] = useState(d.depth);
  const [saved, setSaved] = useState<AbPathSaved | null>(null);
  const [share, setShare] = useState<ShareState>({ kind: "idle" });

  // A new search (or a saved path) replaces what the form and the save state held.
  useEffect(() => {
    setSource(d.source);
    setDestination(d.destination);
    setDepth(d.depth);
    setSaved(null);
    setShare({ kind: "idle" });
  }, [d.source, d.destination, d.depth]);

  const result = d.result;
  const shareState = result ? abPathShareState(result) : null;
  const savedId = d.saved?.id ?? saved?.id ?? null;
  useShare(
    result && shareState && result.outcome === "found"
      ? {
          title: abPathShareTitle(shareState),
          desc: abPathShareDescription(shareState, result),
          imgUrl: savedId ? `/media/abpath/${savedId}.png` : "/favicon.svg",
        }
      : null,
  );

  const searching =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const canSearch = source !== null && destination !== null && source.id !== destination.id;

  const search = (from = source, to = destination, steps = depth) => {
    if (!from || !to) return;
    const query = new URLSearchParams({
      source: from.id,
      destination: to.id,
      depth: String(steps),
    });
    navigate(`${location.pathname}?${query}`);
  };

  async function save(): Promise<AbPathSaved> {
    if (saved) return saved;
    if (!result) throw new Error("没有可保存的关系链");
    const done = await api.post<AbPathSaved>("/api/m/abPathSave/v1/n/save", {
      source: result.source.id,
      destination: result.destination.id,
      depth: result.depth,
      topK: TOP_K,
    });
    setSaved(done);
    return done;
  }

  async function onSave() {
    setShare({ kind: "busy" });
    try {
      const done = await save();
      setShare({
        kind: "done",
        text: done.savedToMy
          ? "已保存，可在「我的」收藏里找到"
          : "已保存，登录后保存的会出现在「我的」",
      });
    } catch (error) {
      setShare({
        kind: "error",
        text: error instanceof Error ? error.message : "保存失败，请重试",
      });
    }
  }

  async function onShare() {
    if (!result || !shareState) return;
    setShare({ kind: "busy" });
    try {
      const link = d.saved
        ? window.location.href
        : new URL((await save()).href, window.location.origin).toString();
      const title = abPathShareTitle(shareState);
      if (typeof navigator.share === "function") {
        await navigator.share({
          title,
          text: abPathShareDescription(shareState, result),
          url: link,
        });
        setShare({ kind: "done", text: "已分享" });
      } else {
        await navigator.clipboard.writeText(link);
        setShare({ kind: "done", text: "链接已复制，发给朋友即可打开这条关系链" });
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        setShare({ kind: "idle" });
        return;
      }
      setShare({
        kind: "error",
        text: error instanceof Error ? error.message : "分享失败，请重试",
      });
    }
  }

  const shareLink = savedId && !d.saved ? `/abpath?saveId=${savedId}` : null;

  return (
    <main className="tj-abpath">
      <h1 className="tj-abpath__title">人物关系路径</h1>
      <p className="tj-abpath__lead">选两个词条，看他们之间隔着几个人、怎样相连。</p>

      <form
        className="tj-abpath-form"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        aria-label="查找关系路径"
      >
        <EntryPicker
          label="起点"
          placeholder="输入人物、事件或地点，如 李白"
          value={source}
          onChange={setSource}
        />
        <button
          type="button"
          className="tj-abpath-form__swap"
          onClick={() => {
            setSource(destination);
            setDestination(source);
            if (source && destination && result) search(destination, source);
          }}
          aria-label="交换起点和终点"
          disabled={!source && !destination}
        >
          ⇅ 交换
        </button>
        <EntryPicker
          label="终点"
          placeholder="输入另一个，如 杜甫"
          value={destination}
          onChange={setDestination}
        />
        <div className="tj-abpath-form__row">
          <label className="tj-abpath-form__depth">
            最多
            <select value={depth} onChange={(e) => setDepth(Number(e.target.value))}>
              {DEPTHS.map((n) => (
                <option key={n} value={n}>
                  {n} 步
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="tj-button" disabled={!canSearch || searching}>
            {searching ? "查找中…" : "查找关系链"}
          </button>
        </div>
        {source && destination && source.id === destination.id && (
          <p className="tj-abpath__hint" role="alert">
            起点和终点是同一个词条，请换一个。
          </p>
        )}
      </form>

      {searching && (
        <div className="tj-abpath__loading" role="status">
          <span className="tj-spinner" aria-hidden="true" />
          正在查找关系链…
        </div>
      )}

      {!searching && d.error && (
        <div className="tj-abpath__error" role="alert">
          <p>{d.error}</p>
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => void revalidator.revalidate()}
          >
            重试
          </button>
        </div>
      )}

      {!searching && d.saved?.notice && (
        <p className="tj-abpath__notice" role="note">
          {d.saved.notice}
        </p>
      )}

      {!searching && result && (
        <section className="tj-abpath-result" aria-labelledby="tj-abpath-result-title">
          <h2 id="tj-abpath-result-title" className="tj-abpath-result__title">
            {abPathShareTitle(shareState ?? { from: "", pass: [], to: "" })}
          </h2>
          <p className="tj-abpath-result__message" aria-live="polite">
            {d.saved ? `保存于 ${d.saved.createdAt.slice(0, 10)}：` : ""}
            {result.message}
          </p>
          {result.outcome === "found" ? (
            <>
              <div className="tj-abpath-actions">
                {!d.saved && (
                  <button
                    type="button"
                    className="tj-button tj-button--ghost"
                    onClick={() => void onSave()}
                    disabled={share.kind === "busy" || saved !== null}
                  >
                    {saved ? "已保存" : "保存"}
                  </button>
                )}
                <button
                  type="button"
                  className="tj-button"
                  onClick={() => void onShare()}
                  disabled={share.kind === "busy"}
                >
                  分享
                </button>
              </div>
              {share.kind !== "idle" && share.kind !== "busy" && (
                <p
                  className={`tj-abpath-actions__status${share.kind === "error" ? " is-error" : ""}`}
                  role="status"
                >
                  {share.text}
                  {shareLink && share.kind === "done" && (
                    <>
                      {" "}
                      <AppLink to={shareLink}>打开分享链接</AppLink>
                    </>
                  )}
                </p>
              )}
              <ol className="tj-abpath-paths">
                {result.paths.map((path, i) => (
                  <PathChain
                    key={path.nodeIds.join(">")}
                    path={path}
                    index={i}
                    nodes={result.nodes}
                  />
                ))}
              </ol>
            </>
          ) : (
            result.reason === "depth" &&
            result.depth < AB_PATH_DEPTH_MAX && (
              <button
                type="button"
                className="tj-button tj-button--ghost"
                onClick={() => search(source, destination, AB_PATH_DEPTH_MAX)}
              >
                放宽到 {AB_PATH_DEPTH_MAX} 步再找
              </button>
            )
          )}
          {d.saved && (
            <p className="tj-abpath__again">
              <AppLink
                to={`/abpath?source=${result.source.id}&destination=${result.destination.id}&depth=${result.depth}`}
              >
                按现在的资料重新查找
              </AppLink>
            </p>
          )}
        </section>
      )}

      {!searching && !result && d.examples.length > 0 && (
        <section className="tj-abpath-examples" aria-labelledby="tj-abpath-examples-title">
          <h2 id="tj-abpath-examples-title" className="tj-section__title">
            试试这些
          </h2>
          <ul>
            {d.examples.map((pair) => (
              <li key={`${pair.source.id}-${pair.destination.id}`}>
                <AppLink
                  to={`${location.pathname}?source=${pair.source.id}&destination=${pair.destination.id}`}
                >
                  {pair.source.name} → {pair.destination.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
