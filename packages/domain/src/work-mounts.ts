/**
 * How a painting or a piece of calligraphy is mounted (装裱形式), the optional `mount` of a work
 * (docs/content-format.md "Work"): it decides the proportions of its picture in the 3D museum.
 * 卷 is a handscroll, read unrolled from right to left; 轴 a hanging scroll; 册页 an album leaf;
 * 扇面 a fan leaf; 画板 a painting on a panel or canvas in a frame (the Western easel picture).
 */
export const WORK_MOUNTS = ["卷", "轴", "册页", "扇面", "画板"] as const;

export type WorkMount = (typeof WORK_MOUNTS)[number];

export function isWorkMount(value: unknown): value is WorkMount {
  return typeof value === "string" && (WORK_MOUNTS as readonly string[]).includes(value);
}

/** The size of the picture itself in centimetres (纵 × 横), without its mounting. */
export interface WorkSize {
  height: number;
  width: number;
}

export function isWorkSize(value: unknown): value is WorkSize {
  if (!value || typeof value !== "object") return false;
  const { height, width } = value as Record<string, unknown>;
  return (
    typeof height === "number" &&
    typeof width === "number" &&
    Number.isFinite(height) &&
    Number.isFinite(width) &&
    height > 0 &&
    width > 0
  );
}

/** 纵约52厘米、横约1192厘米 → "纵 51.5 厘米，横 1191.5 厘米". */
export function formatWorkSize(size: WorkSize): string {
  const cm = (n: number) => `${Math.round(n * 10) / 10} 厘米`;
  return `纵 ${cm(size.height)}，横 ${cm(size.width)}`;
}
