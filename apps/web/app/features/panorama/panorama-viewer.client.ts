import {
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  Texture,
  Vector3,
  WebGLRenderer,
} from "three";
import {
  clampPitch,
  directionOf,
  FOV_DEFAULT,
  FOV_MAX,
  FOV_MIN,
  type View,
} from "./panorama-view.ts";

// The 360° viewer: the scene's equirectangular picture on the inside of a sphere, the camera at
// its centre. Loaded by `import()` on panorama pages only (three.js stays out of every other
// page). Drag or arrow keys turn, pinch or the wheel zoom, the phone's tilt turns when asked.
// Hotspots are the page's own buttons (`[data-hotspot]` in the container), moved over the
// picture each frame: they stay real, labelled buttons for every reader.

export interface PanoramaViewer {
  view(): View;
  turn(dYaw: number, dPitch: number): void;
  zoom(factor: number): void;
  /** Follows the phone's orientation (answers false when the browser refuses). */
  gyro(on: boolean): Promise<boolean>;
  resize(): void;
  dispose(): void;
}

type OrientationEventClass = typeof DeviceOrientationEvent & {
  requestPermission?: () => Promise<"granted" | "denied">;
};

/** Whether this browser can draw WebGL (else the page shows the flat picture). */
export function hasWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

/** Reads the picture with its progress (0–1), as the browser receives it. */
export async function fetchPicture(
  url: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ImageBitmap | HTMLImageElement> {
  const res = await fetch(url, { signal, credentials: "same-origin" });
  if (!res.ok) throw new Error(`全景图加载失败（${res.status}）`);
  const total = Number(res.headers.get("content-length") ?? 0);
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total > 0) onProgress(Math.min(1, received / total));
    }
  }
  const blob = reader ? new Blob(chunks as BlobPart[], { type: "image/jpeg" }) : await res.blob();
  onProgress(1);
  if ("createImageBitmap" in window) return createImageBitmap(blob, { imageOrientation: "flipY" });
  const img = new Image();
  img.src = URL.createObjectURL(blob);
  await img.decode();
  return img;
}

export function createPanoramaViewer(
  container: HTMLElement,
  picture: ImageBitmap | HTMLImageElement,
  start: View,
  onChange: (view: View) => void,
): PanoramaViewer {
  const renderer = new WebGLRenderer({ antialias: false, alpha: false });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.domElement.className = "tj-pano-viewer__canvas";
  renderer.domElement.setAttribute("aria-hidden", "true");
  container.prepend(renderer.domElement);

  const scene = new Scene();
  const camera = new PerspectiveCamera(FOV_DEFAULT, 1, 1, 1100);
  const geometry = new SphereGeometry(500, 64, 32);
  // Seen from inside: mirror the sphere so the picture reads the right way round.
  geometry.scale(-1, 1, 1);
  const texture = new Texture(picture);
  texture.colorSpace = SRGBColorSpace;
  texture.generateMipmaps = false;
  texture.minFilter = LinearFilter;
  // An ImageBitmap is flipped when it is made; an <img> by WebGL.
  texture.flipY = !(typeof ImageBitmap !== "undefined" && picture instanceof ImageBitmap);
  texture.needsUpdate = true;
  const material = new MeshBasicMaterial({ map: texture });
  scene.add(new Mesh(geometry, material));

  let view: View = { ...start };
  let frame = 0;
  const target = new Vector3();
  const point = new Vector3();

  /**
   * Puts each hotspot over its point of the scene while the point is in view; near an edge it
   * stops at the edge, so that no hotspot reaches past the view (its name would hang over the
   * edge, and at 200 % zoom the 187 px viewer scrolled sideways). The hotspots out of view wait
   * hidden at the view's top left corner.
   */
  function placeHotspots(width: number, height: number) {
    const forward = camera.getWorldDirection(new Vector3());
    const spots = [...container.querySelectorAll<HTMLElement>("[data-hotspot-yaw]")];
    // Sizes first, in one layout, before any hotspot moves.
    const sizes = spots.map((el) => [el.offsetWidth / 2, el.offsetHeight / 2] as const);
    spots.forEach((el, i) => {
      const [halfWidth, halfHeight] = sizes[i] ?? [0, 0];
      const yaw = Number(el.dataset.hotspotYaw);
      const pitch = Number(el.dataset.hotspotPitch);
      const [x, y, z] = directionOf(yaw, pitch);
      point.set(x, y, z);
      const facing = point.dot(forward) > 0.05;
      point.multiplyScalar(400).project(camera);
      const sx = ((point.x + 1) / 2) * width;
      const sy = ((1 - point.y) / 2) * height;
      const inside = facing && sx >= 0 && sx <= width && sy >= 0 && sy <= height;
      const within = (at: number, half: number, size: number) =>
        Math.min(Math.max(at, half), Math.max(half, size - half));
      el.style.transform = inside
        ? `translate(${within(sx, halfWidth, width).toFixed(1)}px, ${within(sy, halfHeight, height).toFixed(1)}px) translate(-50%, -50%)`
        : "translate(-50%, -50%)";
      el.dataset.visible = inside ? "true" : "false";
    });
  }

  function draw() {
    frame = 0;
    const [x, y, z] = directionOf(view.yaw, view.pitch);
    target.set(x, y, z);
    camera.fov = view.fov;
    camera.updateProjectionMatrix();
    camera.lookAt(target);
    renderer.render(scene, camera);
    placeHotspots(container.clientWidth, container.clientHeight);
  }
  function request() {
    if (!frame) frame = requestAnimationFrame(draw);
  }
  function set(next: View) {
    view = { yaw: ((next.yaw % 360) + 360) % 360, pitch: clampPitch(next.pitch), fov: next.fov };
    onChange(view);
    request();
  }

  function resize() {
    const width = container.clientWidth || 1;
    const height = container.clientHeight || 1;
    renderer.setSize(width, height, false);
    renderer.domElement.style.width = "100%";
    renderer.domElement.style.height = "100%";
    camera.aspect = width / height;
    request();
  }

  // Dragging turns the view by the angle under the finger; two fingers pinch.
  const pointers = new Map<number, { x: number; y: number }>();
  let pinchFrom = 0;
  let fovFrom = view.fov;
  const degreesPerPixel = () => view.fov / (container.clientHeight || 1);
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  function onDown(event: PointerEvent) {
    if ((event.target as Element).closest("[data-hotspot-yaw], button, a")) return;
    container.setPointerCapture?.(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      pinchFrom = spread();
      fovFrom = view.fov;
    }
  }
  function onMove(event: PointerEvent) {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    if (pointers.size === 1) {
      const k = degreesPerPixel();
      set({
        ...view,
        yaw: view.yaw - (event.clientX - last.x) * k,
        pitch: view.pitch + (event.clientY - last.y) * k,
      });
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2 && pinchFrom > 0) {
      const fov = Math.min(FOV_MAX, Math.max(FOV_MIN, (fovFrom * pinchFrom) / (spread() || 1)));
      set({ ...view, fov });
    }
  }
  function onUp(event: PointerEvent) {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinchFrom = 0;
  }
  function onWheel(event: WheelEvent) {
    event.preventDefault();
    set({
      ...view,
      fov: Math.min(FOV_MAX, Math.max(FOV_MIN, view.fov * (1 + Math.sign(event.deltaY) * 0.08))),
    });
  }
  container.addEventListener("pointerdown", onDown);
  container.addEventListener("pointermove", onMove);
  container.addEventListener("pointerup", onUp);
  container.addEventListener("pointercancel", onUp);
  container.addEventListener("wheel", onWheel, { passive: false });

  let orientationFrom: { alpha: number; beta: number; view: View } | null = null;
  function onOrientation(event: DeviceOrientationEvent) {
    if (event.alpha === null || event.beta === null) return;
    if (!orientationFrom) {
      orientationFrom = { alpha: event.alpha, beta: event.beta, view };
      return;
    }
    set({
      ...view,
      yaw: orientationFrom.view.yaw - (event.alpha - orientationFrom.alpha),
      pitch: orientationFrom.view.pitch + (event.beta - orientationFrom.beta),
    });
  }

  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resize);
  observer?.observe(container);
  resize();

  return {
    view: () => view,
    turn(dYaw, dPitch) {
      set({ ...view, yaw: view.yaw + dYaw, pitch: view.pitch + dPitch });
    },
    zoom(factor) {
      set({ ...view, fov: Math.min(FOV_MAX, Math.max(FOV_MIN, view.fov * factor)) });
    },
    async gyro(on) {
      window.removeEventListener("deviceorientation", onOrientation);
      orientationFrom = null;
      if (!on) return true;
      const Orientation = (window as { DeviceOrientationEvent?: OrientationEventClass })
        .DeviceOrientationEvent;
      if (!Orientation) return false;
      // iOS asks the reader first, and only from a tap.
      if (typeof Orientation.requestPermission === "function") {
        const answer = await Orientation.requestPermission().catch(() => "denied");
        if (answer !== "granted") return false;
      }
      window.addEventListener("deviceorientation", onOrientation);
      return true;
    },
    resize,
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener("deviceorientation", onOrientation);
      container.removeEventListener("pointerdown", onDown);
      container.removeEventListener("pointermove", onMove);
      container.removeEventListener("pointerup", onUp);
      container.removeEventListener("pointercancel", onUp);
      container.removeEventListener("wheel", onWheel);
      geometry.dispose();
      material.dispose();
      texture.dispose();
      if ("close" in picture) picture.close();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
