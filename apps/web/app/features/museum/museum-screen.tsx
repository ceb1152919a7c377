import type { MuseumData, MuseumExhibit } from "@tongjian/contracts/museum";
import { layoutMuseum } from "@tongjian/domain/museum-layout";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { applyControls, createController, isMovementKey } from "./museum-controller.ts";
import { MuseumJoystick } from "./museum-joystick.tsx";
import { MuseumMinimap } from "./museum-minimap.tsx";
import { MuseumStage } from "./museum-stage.tsx";
import { currentRoom, teleport } from "./visitor-motion.ts";
import { hasWebGL } from "./webgl-support.ts";

const MuseumSheet = lazy(() => import("./museum-sheet.tsx"));

/** pending: before the browser has said whether it has WebGL (and on the server). */
type Support = "pending" | "webgl" | "none";

const MOUNT_WORDS: Record<string, string> = {
  卷: "手卷",
  轴: "立轴",
  册页: "册页",
  扇面: "扇面",
  画板: "板上绘画",
};

function exhibitLine(e: MuseumExhibit): string {
  return [e.artist, e.dynasty, e.form, e.mount ? MOUNT_WORDS[e.mount] : null]
    .filter(Boolean)
    .join(" · ");
}

/**
 * 博物馆 (/home/museum, issue 18 §4): a walkable gallery of the corpus's paintings and
 * calligraphy, room by era. The list of the same exhibits is always in the page: while the 3D
 * rooms run it follows them below the fold (what a screen reader or the keyboard reaches); where
 * WebGL is missing, or in 列表模式, it is the page.
 */
export function MuseumScreen({ data }: { data: MuseumData }) {
  const navigate = useNavigate();
  const layout = useMemo(() => layoutMuseum(data.rooms), [data.rooms]);
  const exhibits = useMemo(
    () => new Map(data.rooms.flatMap((r) => r.exhibits.map((e) => [e.id, e] as const))),
    [data.rooms],
  );
  const roomOf = useMemo(
    () => new Map(data.rooms.flatMap((r) => r.exhibits.map((e) => [e.id, r.name] as const))),
    [data.rooms],
  );
  const controller = useMemo(() => createController(layout), [layout]);
  const [support, setSupport] = useState<Support>("pending");
  const [listMode, setListMode] = useState(false);
  const [room, setRoom] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const [hintShown, setHintShown] = useState(true);
  const marker = useRef<SVGGElement>(null);
  const roomRef = useRef(0);

  useEffect(() => {
    setSupport(hasWebGL() ? "webgl" : "none");
  }, []);

  const threeD = support === "webgl" && !listMode;

  // Each drawn frame: the mini-map's arrow follows the visitor, the room name follows the room.
  useEffect(() => {
    controller.onMove = () => {
      const { position, yaw } = controller.state;
      marker.current?.setAttribute(
        "transform",
        `translate(${position.x.toFixed(2)} ${position.z.toFixed(2)}) rotate(${((-yaw * 180) / Math.PI).toFixed(1)})`,
      );
      const index = currentRoom(layout, controller.state);
      if (index >= 0 && index !== roomRef.current) {
        roomRef.current = index;
        setRoom(index);
      }
    };
    return () => {
      controller.onMove = () => {};
    };
  }, [controller, layout]);

  // The arrow keys (and W A S D) walk while the 3D rooms show and no sheet is open.
  useEffect(() => {
    if (!threeD || openId) return;
    const typing = (target: EventTarget | null) =>
      target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]");
    const down = (event: KeyboardEvent) => {
      if (!isMovementKey(event.key) || typing(event.target) || event.altKey || event.metaKey)
        return;
      event.preventDefault();
      controller.keys.add(event.key);
      applyControls(controller);
      setHintShown(false);
    };
    const up = (event: KeyboardEvent) => {
      if (!controller.keys.delete(event.key)) return;
      applyControls(controller);
    };
    const clear = () => {
      controller.keys.clear();
      applyControls(controller);
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    window.addEventListener("blur", clear);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
      window.removeEventListener("blur", clear);
      clear();
    };
  }, [threeD, openId, controller]);

  const openExhibit = useCallback((id: string) => {
    setSheetLoaded(true);
    setOpenId(id);
    setHintShown(false);
  }, []);
  const closeSheet = useCallback(() => setOpenId(null), []);

  const goToRoom = (index: number) => {
    const target = layout.rooms[index];
    if (!target) return;
    teleport(controller.state, target.entry, target.entryYaw);
    controller.input.target = null;
    roomRef.current = index;
    setRoom(index);
    controller.wake();
  };

  /** Back from the list to the rooms, at the top of the page where they are. */
  const showRooms = () => {
    setListMode(false);
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      controller.wake();
    });
  };

  const viewInRoom = (id: string) => {
    const placed = layout.exhibits.find((e) => e.id === id);
    if (!placed) return;
    teleport(controller.state, placed.viewpoint, placed.viewYaw);
    controller.input.target = null;
    showRooms();
  };

  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate("/");
  };

  const roomName = data.rooms[room]?.name ?? "";
  const open = openId ? (exhibits.get(openId) ?? null) : null;

  if (data.rooms.length === 0) {
    return (
      <main className="tj-museum tj-museum--empty">
        <h1>博物馆</h1>
        <p>展品还在整理中，稍后再来看看。</p>
        <AppLink className="tj-button" to="/">
          返回首页
        </AppLink>
      </main>
    );
  }

  return (
    <main
      className="tj-museum"
      data-mode={threeD ? "3d" : support === "none" ? "no-webgl" : "list"}
    >
      <div className="tj-museum__top">
        <header className="tj-museum__bar">
          <button type="button" className="tj-museum__back" onClick={back}>
            返回
          </button>
          <h1 className="tj-museum__title">博物馆</h1>
          {support === "webgl" && (
            <button
              type="button"
              className="tj-museum__mode"
              aria-pressed={listMode}
              onClick={() => (listMode ? showRooms() : setListMode(true))}
            >
              {listMode ? "3D 展厅" : "列表模式"}
            </button>
          )}
        </header>

        {threeD && (
          <nav className="tj-museum__rooms" aria-label="展厅">
            {data.rooms.map((r, index) => (
              <button
                key={r.id}
                type="button"
                className="tj-museum__room"
                aria-current={index === room ? "true" : undefined}
                onClick={() => goToRoom(index)}
              >
                {r.name}
              </button>
            ))}
          </nav>
        )}

        {support === "webgl" && (
          <div className="tj-museum__stage-wrap" hidden={listMode}>
            <MuseumStage
              layout={layout}
              rooms={data.rooms}
              exhibits={exhibits}
              controller={controller}
              onExhibit={openExhibit}
              onList={() => setListMode(true)}
              label={`3D 展厅，现在在${roomName}展厅。拖动画面环视，方向键或左下角的摇杆行走，点地面走过去，点展品看介绍；同样的展品也列在下方的列表中。`}
            >
              <MuseumMinimap layout={layout} currentRoom={room} markerRef={marker} />
              <MuseumJoystick
                onChange={(x, y) => {
                  controller.joystick.x = x;
                  controller.joystick.y = y;
                  applyControls(controller);
                  if (x !== 0 || y !== 0) setHintShown(false);
                }}
              />
              {hintShown && (
                <p className="tj-museum__hint">拖动环视 · 摇杆行走 · 点地面走过去 · 点展品看介绍</p>
              )}
            </MuseumStage>
          </div>
        )}
        {support === "pending" && (
          <p className="tj-museum__pending" role="status">
            正在准备展厅…
          </p>
        )}
      </div>
      <p className="tj-visually-hidden" aria-live="polite">
        {threeD ? `${roomName}展厅` : ""}
      </p>

      <section
        className="tj-museum__list"
        aria-labelledby="museum-list-title"
        data-testid="museum-list"
      >
        <h2 id="museum-list-title">展品列表</h2>
        {support === "none" && (
          <p className="tj-museum__notice" role="note">
            这台设备的浏览器不支持 3D 展厅（WebGL），下面是同样的展品，按展厅排列。
          </p>
        )}
        <p className="tj-museum__intro">
          {data.rooms.length} 个展厅，{data.exhibitCount} 件书画。画面均为示意图，并非原作图像。
        </p>
        {data.rooms.map((r) => (
          <section key={r.id} className="tj-museum__group" aria-labelledby={`room-${r.id}`}>
            <h3 id={`room-${r.id}`}>{r.name}</h3>
            <p className="tj-museum__group-summary">{r.summary}</p>
            <ul>
              {r.exhibits.map((e) => (
                <li key={e.id} className="tj-museum__item">
                  <AppLink className="tj-museum__item-link" to={`/detail/${e.id}`}>
                    <strong>{e.name}</strong>
                    <span>{exhibitLine(e)}</span>
                  </AppLink>
                  {support === "webgl" && listMode && (
                    <button
                      type="button"
                      className="tj-museum__item-view"
                      onClick={() => viewInRoom(e.id)}
                    >
                      在展厅中看
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>

      {sheetLoaded && (
        <Suspense fallback={null}>
          <MuseumSheet
            exhibit={open}
            roomName={open ? (roomOf.get(open.id) ?? null) : null}
            onClose={closeSheet}
          />
        </Suspense>
      )}
    </main>
  );
}
