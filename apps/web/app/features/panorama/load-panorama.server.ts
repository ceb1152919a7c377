import type { SceneDetail } from "@tongjian/contracts/panorama";
import { editionOfPath, type PanoramaEdition } from "@tongjian/domain/panorama";
import type { AppLoadContext } from "react-router";
import { notFound, orNotFound } from "../../shell/not-found.ts";

const SCENE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The edition of a panorama page, from its path (/panorama2022/… or /panorama/…). */
export function editionOf(url: URL): PanoramaEdition {
  return editionOfPath(url.pathname);
}

/** `?scene=`: a scene key, else none. */
export function sceneParam(url: URL): string | null {
  const raw = url.searchParams.get("scene");
  return raw && SCENE_KEY.test(raw) && raw.length <= 60 ? raw : null;
}

/**
 * The viewer's page: the edition and the scene in view (?scene=, else the edition's first). A
 * scene of another edition, or none, is the 404 screen.
 */
export async function loadPanoramaScreen(context: AppLoadContext, url: URL) {
  const edition = editionOf(url);
  const view = await orNotFound(
    context.services.panoramas.edition(edition, context.viewer),
    "这个全景版本还没有场景",
  );
  const key = sceneParam(url) ?? view.scenes[0]?.key;
  if (!key) throw notFound("这个全景版本还没有场景");
  const scene: SceneDetail = await orNotFound(
    context.services.panoramas.scene(key, context.viewer),
    "全景场景不存在",
  );
  if (scene.edition !== edition) throw notFound("全景场景不存在");
  return { edition: view, scene };
}
