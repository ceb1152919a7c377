/**
 * The time map's view: a scale `k` and an offset (x, y) in CSS pixels, applied to the projected
 * "world" space (screen = world × k + offset). Pure, so the gestures' maths is tested apart from
 * the canvas.
 */
export interface MapView {
  k: number;
  x: number;
  y: number;
}

/** Zooms by `factor` keeping the screen point (cx, cy) where it is. */
export function zoomAt(view: MapView, factor: number, cx: number, cy: number): MapView {
  const k = view.k * factor;
  return {
    k,
    x: cx - ((cx - view.x) / view.k) * k,
    y: cy - ((cy - view.y) / view.k) * k,
  };
}

export function panBy(view: MapView, dx: number, dy: number): MapView {
  return { k: view.k, x: view.x + dx, y: view.y + dy };
}

/**
 * Keeps the zoom within [min, max] (about the screen's centre) and the fitted area from leaving
 * the screen: at least a quarter of the screen still shows some of it.
 */
export function clampView(
  view: MapView,
  min: number,
  max: number,
  width: number,
  height: number,
): MapView {
  let v = view;
  if (v.k < min) v = zoomAt(v, min / v.k, width / 2, height / 2);
  if (v.k > max) v = zoomAt(v, max / v.k, width / 2, height / 2);
  // The fitted area spans world [0, width] × [0, height]; its screen box is that × k + offset.
  const left = v.x;
  const right = v.x + width * v.k;
  const top = v.y;
  const bottom = v.y + height * v.k;
  let { x, y } = v;
  const mx = width * 0.25;
  const my = height * 0.25;
  if (right < mx) x += mx - right;
  if (left > width - mx) x -= left - (width - mx);
  if (bottom < my) y += my - bottom;
  if (top > height - my) y -= top - (height - my);
  return { k: v.k, x, y };
}
