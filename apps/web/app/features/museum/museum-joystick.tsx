import { useRef } from "react";

const RADIUS_PX = 44;

/**
 * The on-screen stick (bottom left): push up to walk forward, down to step back, sideways to
 * turn. It reports −1…1 on each axis and springs back to the middle when let go. It is for
 * fingers only: keyboard users walk with the arrow keys, screen-reader users use the list.
 */
export function MuseumJoystick({ onChange }: { onChange: (x: number, y: number) => void }) {
  const knob = useRef<HTMLSpanElement>(null);
  const origin = useRef<{ x: number; y: number; pointer: number } | null>(null);

  const move = (clientX: number, clientY: number) => {
    const start = origin.current;
    if (!start) return;
    let dx = clientX - start.x;
    let dy = clientY - start.y;
    const length = Math.hypot(dx, dy);
    if (length > RADIUS_PX) {
      dx = (dx / length) * RADIUS_PX;
      dy = (dy / length) * RADIUS_PX;
    }
    if (knob.current) knob.current.style.transform = `translate(${dx}px, ${dy}px)`;
    onChange(dx / RADIUS_PX, -dy / RADIUS_PX);
  };
  const release = () => {
    origin.current = null;
    if (knob.current) knob.current.style.transform = "";
    onChange(0, 0);
  };

  return (
    <div
      className="tj-museum__joystick"
      aria-hidden="true"
      data-testid="museum-joystick"
      onPointerDown={(event) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        const box = event.currentTarget.getBoundingClientRect();
        origin.current = {
          x: box.left + box.width / 2,
          y: box.top + box.height / 2,
          pointer: event.pointerId,
        };
        move(event.clientX, event.clientY);
      }}
      onPointerMove={(event) => {
        if (origin.current?.pointer === event.pointerId) move(event.clientX, event.clientY);
      }}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
    >
      <span ref={knob} className="tj-museum__knob" />
    </div>
  );
}
