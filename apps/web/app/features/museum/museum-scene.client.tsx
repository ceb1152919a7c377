/**
 * The 3D museum itself: three.js through @react-three/fiber, loaded by `import()` from the museum
 * page only (docs/decisions/0022-3d-museum.md). Draw calls are kept few — every wall, lintel,
 * frame and label backing is one instance of two instanced boxes — textures are small canvases,
 * the pixel ratio is capped at 2, and frames are drawn only on demand: while the visitor moves
 * or turns, never when they stand still.
 */

import { Canvas, type ThreeEvent, useFrame, useThree } from "@react-three/fiber";
import type { MuseumExhibit, MuseumRoom } from "@tongjian/contracts/museum";
import {
  type Box,
  DOOR_HEIGHT,
  EYE_HEIGHT,
  FRAME_BORDER,
  LABEL_HEIGHT,
  LABEL_WIDTH,
  type MuseumLayout,
  ROOM_DEPTH,
  WALL_THICKNESS,
} from "@tongjian/domain/museum-layout";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import {
  CanvasTexture,
  Color,
  type InstancedMesh,
  Matrix4,
  type PerspectiveCamera,
  Quaternion,
  SRGBColorSpace,
  Vector3,
} from "three";
import { drawExhibitLabel, drawExhibitPicture, drawRoomSign } from "./exhibit-picture.ts";
import type { MuseumController } from "./museum-controller.ts";
import { MATERIALS } from "./museum-materials.ts";
import { stepVisitor } from "./visitor-motion.ts";

/** A tap moves the pointer less than this (CSS px); more is a drag to look around. */
const TAP_SLOP_PX = 8;
const FRAME_DEPTH = 0.04;
const SIGN_SIZE = { width: 2, height: 0.5 };

export interface MuseumTextures {
  pictures: Map<string, CanvasTexture>;
  labels: Map<string, CanvasTexture>;
  /** Two per doorway: the west face names the room ahead, the east face the room behind. */
  signs: CanvasTexture[];
  dispose(): void;
}

function texture(canvas: HTMLCanvasElement): CanvasTexture {
  const t = new CanvasTexture(canvas);
  t.colorSpace = SRGBColorSpace;
  t.anisotropy = 2;
  return t;
}

const nextFrame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));

/**
 * Draws every stand-in picture, label and sign, yielding to the browser between them so the
 * page stays responsive and the progress shows; `onProgress` gets 0…1.
 */
export async function prepareTextures(
  layout: MuseumLayout,
  exhibits: ReadonlyMap<string, MuseumExhibit>,
  rooms: readonly MuseumRoom[],
  onProgress: (fraction: number) => void,
  signal: { cancelled: boolean },
): Promise<MuseumTextures> {
  const pictures = new Map<string, CanvasTexture>();
  const labels = new Map<string, CanvasTexture>();
  const signs: CanvasTexture[] = [];
  const all = () => [...pictures.values(), ...labels.values(), ...signs];
  const total = layout.exhibits.length + layout.doors.length;
  let done = 0;
  for (const placed of layout.exhibits) {
    if (signal.cancelled) break;
    const exhibit = exhibits.get(placed.id);
    if (!exhibit) continue;
    const picture = document.createElement("canvas");
    drawExhibitPicture(picture, exhibit, placed.width / placed.height);
    pictures.set(placed.id, texture(picture));
    const label = document.createElement("canvas");
    drawExhibitLabel(label, exhibit);
    labels.set(placed.id, texture(label));
    done += 1;
    onProgress(done / Math.max(1, total));
    await nextFrame();
  }
  const nameOf = (id: string) => rooms.find((r) => r.id === id)?.name ?? "";
  for (const door of layout.doors) {
    for (const text of [`${nameOf(door.toRoom)} →`, `← ${nameOf(door.fromRoom)}`]) {
      const canvas = document.createElement("canvas");
      drawRoomSign(canvas, text);
      signs.push(texture(canvas));
    }
    done += 1;
    onProgress(done / Math.max(1, total));
  }
  return {
    pictures,
    labels,
    signs,
    dispose() {
      for (const t of all()) t.dispose();
    },
  };
}

/** Boxes as one instanced mesh: one draw call for all of them. */
function Boxes({
  boxes,
  color,
  onClick,
}: {
  boxes: Box[];
  color: string;
  onClick?: (event: ThreeEvent<MouseEvent>) => void;
}) {
  const ref = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const matrix = new Matrix4();
    const rotation = new Quaternion();
    boxes.forEach((b, i) => {
      matrix.compose(
        new Vector3((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, (b.minZ + b.maxZ) / 2),
        rotation,
        new Vector3(b.maxX - b.minX, b.maxY - b.minY, b.maxZ - b.minZ),
      );
      mesh.setMatrixAt(i, matrix);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }, [boxes]);
  if (boxes.length === 0) return null;
  return (
    <instancedMesh ref={ref} args={[undefined, undefined, boxes.length]} onClick={onClick}>
      <boxGeometry args={[1, 1, 1]} />
      <meshLambertMaterial color={color} />
    </instancedMesh>
  );
}

/** A picture's outward normal on the floor plane, from its rotation about y. */
function normalOf(rotationY: number) {
  return { x: Math.sin(rotationY), z: Math.cos(rotationY) };
}

/** A frame (or label backing) behind a picture of the given size, as an axis-aligned box. */
function frameBox(
  centre: { x: number; y: number; z: number },
  rotationY: number,
  width: number,
  height: number,
): Box {
  const n = normalOf(rotationY);
  const cx = centre.x - n.x * (FRAME_DEPTH / 2);
  const cz = centre.z - n.z * (FRAME_DEPTH / 2);
  const alongX = Math.abs(n.z) > 0.5;
  const halfW = width / 2;
  return {
    minX: alongX ? cx - halfW : cx - FRAME_DEPTH / 2,
    maxX: alongX ? cx + halfW : cx + FRAME_DEPTH / 2,
    minY: centre.y - height / 2,
    maxY: centre.y + height / 2,
    minZ: alongX ? cz - FRAME_DEPTH / 2 : cz - halfW,
    maxZ: alongX ? cz + FRAME_DEPTH / 2 : cz + halfW,
  };
}

/** Moves the camera with the visitor each frame, and asks for the next one while they move. */
function Visitor({
  layout,
  controller,
  onReady,
}: {
  layout: MuseumLayout;
  controller: MuseumController;
  onReady: () => void;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const invalidate = useThree((s) => s.invalidate);
  const size = useThree((s) => s.size);
  const ready = useRef(false);

  useEffect(() => {
    camera.rotation.order = "YXZ";
    controller.wake = () => invalidate();
    controller.project = (id) => {
      const e = layout.exhibits.find((x) => x.id === id);
      if (!e) return null;
      const v = new Vector3(e.x, e.y, e.z).project(camera);
      const toCamera = new Vector3(e.x, e.y, e.z).sub(camera.position);
      const forward = new Vector3(0, 0, -1).applyQuaternion(camera.quaternion);
      const ahead = toCamera.dot(forward) > 0;
      return {
        x: ((v.x + 1) / 2) * size.width,
        y: ((1 - v.y) / 2) * size.height,
        onScreen: ahead && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1,
      };
    };
    invalidate();
    return () => {
      controller.wake = () => {};
      controller.project = () => null;
    };
  }, [camera, controller, invalidate, layout, size]);

  useFrame((_, delta) => {
    const moving = stepVisitor(layout, controller.state, controller.input, delta);
    const { position, yaw, pitch } = controller.state;
    camera.position.set(position.x, EYE_HEIGHT, position.z);
    camera.rotation.set(pitch, yaw, 0);
    controller.onMove();
    if (!ready.current) {
      ready.current = true;
      // Said after this first frame is on the screen.
      requestAnimationFrame(() => onReady());
    }
    if (moving) invalidate();
  });
  return null;
}

export interface MuseumSceneProps {
  layout: MuseumLayout;
  textures: MuseumTextures;
  controller: MuseumController;
  onExhibit: (id: string) => void;
  onReady: () => void;
}

export function MuseumScene({
  layout,
  textures,
  controller,
  onExhibit,
  onReady,
}: MuseumSceneProps) {
  const last = layout.rooms[layout.rooms.length - 1];
  const spanX = last ? last.maxX + 2 * WALL_THICKNESS : 1;
  const centreX = spanX / 2 - WALL_THICKNESS;
  const frames = useMemo(
    () =>
      layout.exhibits.flatMap((e) => [
        frameBox(e, e.rotationY, e.width + 2 * FRAME_BORDER, e.height + 2 * FRAME_BORDER),
        frameBox(e.label, e.rotationY, LABEL_WIDTH + 0.03, LABEL_HEIGHT + 0.03),
      ]),
    [layout],
  );
  const walls = useMemo(() => [...layout.walls, ...layout.lintels], [layout]);
  const signY = (DOOR_HEIGHT + layout.height) / 2;

  const tap = (event: ThreeEvent<MouseEvent>) => event.delta <= TAP_SLOP_PX;
  const onFloor = (event: ThreeEvent<MouseEvent>) => {
    event.stopPropagation();
    if (!tap(event)) return;
    controller.input.target = { x: event.point.x, z: event.point.z };
    controller.wake();
  };
  // Walls hide what is behind them from taps too.
  const onWall = (event: ThreeEvent<MouseEvent>) => event.stopPropagation();

  return (
    <Canvas
      frameloop="demand"
      dpr={[1, 2]}
      flat
      gl={{ antialias: true, powerPreference: "low-power" }}
      camera={{ fov: 70, near: 0.05, far: 150, position: [0, EYE_HEIGHT, 0] }}
      onCreated={({ scene }) => {
        scene.background = new Color(MATERIALS.room);
      }}
    >
      <hemisphereLight args={[MATERIALS.sky, MATERIALS.ground, 1.5]} />
      <ambientLight intensity={0.6} />
      <Visitor layout={layout} controller={controller} onReady={onReady} />
      <mesh rotation={[-Math.PI / 2, 0, 0]} position={[centreX, 0, 0]} onClick={onFloor}>
        <planeGeometry args={[spanX, ROOM_DEPTH + 2 * WALL_THICKNESS]} />
        <meshLambertMaterial color={MATERIALS.floor} />
      </mesh>
      <mesh rotation={[Math.PI / 2, 0, 0]} position={[centreX, layout.height, 0]}>
        <planeGeometry args={[spanX, ROOM_DEPTH + 2 * WALL_THICKNESS]} />
        <meshBasicMaterial color={MATERIALS.ceiling} />
      </mesh>
      <Boxes boxes={walls} color={MATERIALS.wall} onClick={onWall} />
      <Boxes boxes={frames} color={MATERIALS.frame} />
      {layout.exhibits.map((e) => {
        const n = normalOf(e.rotationY);
        const open = (event: ThreeEvent<MouseEvent>) => {
          event.stopPropagation();
          if (tap(event)) onExhibit(e.id);
        };
        const picture = textures.pictures.get(e.id);
        const label = textures.labels.get(e.id);
        return (
          <group key={e.id}>
            <mesh
              position={[e.x + n.x * 0.004, e.y, e.z + n.z * 0.004]}
              rotation={[0, e.rotationY, 0]}
              onClick={open}
            >
              <planeGeometry args={[e.width, e.height]} />
              <meshBasicMaterial
                map={picture ?? null}
                color={picture ? MATERIALS.lit : MATERIALS.pending}
              />
            </mesh>
            <mesh
              position={[e.label.x + n.x * 0.004, e.label.y, e.label.z + n.z * 0.004]}
              rotation={[0, e.rotationY, 0]}
              onClick={open}
            >
              <planeGeometry args={[LABEL_WIDTH, LABEL_HEIGHT]} />
              <meshBasicMaterial map={label ?? null} />
            </mesh>
          </group>
        );
      })}
      {layout.doors.map((door, i) => (
        <group key={`${door.fromRoom}-${door.toRoom}`}>
          <mesh
            position={[door.x - WALL_THICKNESS / 2 - 0.005, signY, 0]}
            rotation={[0, -Math.PI / 2, 0]}
          >
            <planeGeometry args={[SIGN_SIZE.width, SIGN_SIZE.height]} />
            <meshBasicMaterial map={textures.signs[2 * i] ?? null} />
          </mesh>
          <mesh
            position={[door.x + WALL_THICKNESS / 2 + 0.005, signY, 0]}
            rotation={[0, Math.PI / 2, 0]}
          >
            <planeGeometry args={[SIGN_SIZE.width, SIGN_SIZE.height]} />
            <meshBasicMaterial map={textures.signs[2 * i + 1] ?? null} />
          </mesh>
        </group>
      ))}
    </Canvas>
  );
}
