import {
  type SavedCounts,
  type SavedItem,
  type SavedPage,
  type SaveInput,
  saveInput,
} from "@tongjian/contracts/my";
import { SAVED_KIND_INFO, SAVED_KINDS, type SavedKind } from "@tongjian/domain/saved-kinds";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { requireSignedIn } from "../accounts/require-login.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import { pageOf } from "./my-items.ts";
import type { SavedItemRepository, SavedItemRow } from "./saved-item-repository.ts";

function savedOf(row: SavedItemRow): SavedItem {
  const kind = row.kind as SavedKind;
  return {
    id: row.id,
    kind,
    kindLabel: SAVED_KIND_INFO[kind]?.label ?? "收藏",
    refId: row.ref_id,
    title: row.title,
    href: SAVED_KIND_INFO[kind]?.href(row.ref_id) ?? "/my/list?tab=saved",
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * What a reader saved, by kind (issue 16): A-to-B relation paths and custom relation graphs.
 * The graph screens call `save` when a reader keeps a path or a graph; /my lists them.
 */
export function createSavedItemService(deps: { saved: SavedItemRepository }) {
  return {
    async save(viewer: Viewer, input: SaveInput): Promise<SavedItem> {
      const owner = ownerIdOf(requireSignedIn(viewer, "请先登录后再保存")) as string;
      const parsed = saveInput.safeParse(input);
      if (!parsed.success)
        throw new BadRequestError(parsed.error.issues[0]?.message ?? "保存内容有误");
      const data = JSON.stringify(parsed.data.data);
      if (data.length > 64 * 1024) throw new BadRequestError("保存的内容过大");
      return savedOf(
        await deps.saved.save({
          ownerId: owner,
          kind: parsed.data.kind,
          refId: parsed.data.refId,
          title: parsed.data.title,
          data,
        }),
      );
    },

    async list(request: {
      viewer: Viewer;
      kind?: SavedKind | undefined;
      page: number;
      size: number;
    }): Promise<SavedPage> {
      const owner = ownerIdOf(requireSignedIn(request.viewer)) as string;
      const { total, rows } = await deps.saved.page(owner, request);
      return pageOf(request, total, rows.map(savedOf));
    },

    async counts(viewer: Viewer): Promise<SavedCounts> {
      const owner = ownerIdOf(requireSignedIn(viewer)) as string;
      const byKind = await deps.saved.countsByKind(owner);
      const kinds = SAVED_KINDS.map((kind) => ({
        kind,
        label: SAVED_KIND_INFO[kind].label,
        empty: SAVED_KIND_INFO[kind].empty,
        count: byKind[kind] ?? 0,
      }));
      return { total: kinds.reduce((sum, k) => sum + k.count, 0), kinds };
    },

    /** The kinds, as the saved tab's filters and empty lists name them. */
    kinds: () =>
      SAVED_KINDS.map((kind) => ({
        kind,
        label: SAVED_KIND_INFO[kind].label,
        empty: SAVED_KIND_INFO[kind].empty,
      })),

    async remove(viewer: Viewer, id: string): Promise<{ removed: boolean }> {
      const owner = ownerIdOf(requireSignedIn(viewer)) as string;
      if (!(await deps.saved.remove(owner, id))) throw new NotFoundError("要删除的收藏不存在");
      return { removed: true };
    },
  };
}

export type SavedItemService = ReturnType<typeof createSavedItemService>;
