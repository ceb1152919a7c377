import type { FamilyPerson, FamilyTree } from "@tongjian/contracts/graph-family";
import {
  defaultFolded,
  type FamilyUnit,
  layoutFamilyTree,
  type PlacedUnit,
  successionLine,
} from "@tongjian/domain/family-tree";
import { type TouchEvent, useEffect, useMemo, useRef, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import "./family-tree.css";

/** One person slot across, one generation down (px, at zoom 1). */
const SLOT = 116;
const CARD = 104;
const ROW = 150;
const CARD_H = 58;
/** The fold and re-root buttons under a card (44 px and a 4 px gap). */
const ACTIONS_H = 48;
const ZOOM_MIN = 0.4;
const ZOOM_MAX = 2;
const ZOOM_STEP = 0.2;

const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100));

export function familyTreePath(id: string, from?: string | null) {
  return from && from !== id ? `/relation/family/${id}?from=${from}` : `/relation/family/${id}`;
}

function PersonCard({
  person,
  highlighted,
  successor,
  label,
  spouse,
}: {
  person: FamilyPerson;
  highlighted: boolean;
  successor?: boolean;
  label?: string | null;
  spouse?: boolean;
}) {
  return (
    <AppLink
      to={`/detail/${person.id}`}
      className={`tj-ftree__card${highlighted ? " tj-ftree__card--here" : ""}${spouse ? " tj-ftree__card--spouse" : ""}`}
      aria-current={highlighted ? "true" : undefined}
      style={{ width: CARD, height: CARD_H }}
    >
      <strong>{person.name}</strong>
      <small>{person.timeDesc ?? (label || (spouse ? "配偶" : "生卒不详"))}</small>
      {successor && <span className="tj-ftree__badge">继位</span>}
    </AppLink>
  );
}

/**
 * Connectors: a marriage line from a person to each spouse beside them, and from under a
 * parent's buttons down, across and down to each child.
 */
function Connectors({ layout }: { layout: ReturnType<typeof layoutFamilyTree> }) {
  const at = new Map(layout.units.map((u) => [u.id, u]));
  const marriages = layout.units.flatMap((u) =>
    u.spouseIds.map((_spouse, i) => {
      const y = u.row * ROW + CARD_H / 2;
      return `M${u.x * SLOT + CARD + i * SLOT} ${y}H${u.x * SLOT + (i + 1) * SLOT}`;
    }),
  );
  const paths = layout.links.flatMap(({ from, to }) => {
    const p = at.get(from);
    const c = at.get(to);
    if (!p || !c) return [];
    const px = p.x * SLOT + CARD / 2;
    const py = p.row * ROW + CARD_H + ACTIONS_H;
    const cx = c.x * SLOT + CARD / 2;
    const cy = c.row * ROW;
    const mid = cy - 16;
    return [`M${px} ${py}V${mid}H${cx}V${cy}`];
  });
  paths.push(...marriages);
  return (
    <svg
      className="tj-ftree__lines"
      width={layout.width * SLOT}
      height={layout.rows * ROW}
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

interface Props {
  tree: FamilyTree;
  /** The person the reader came from, marked in the tree. */
  highlightId: string;
}

/**
 * A family tree drawn with the DOM (cards) and SVG (connectors), generations in rows, branches
 * folded beyond two generations, a filter for the line of succession, zoom by buttons and by
 * pinching, and the same tree as a nested list.
 */
export function FamilyTreeView({ tree, highlightId }: Props) {
  const people = useMemo(() => new Map(tree.people.map((p) => [p.id, p])), [tree.people]);
  const units = useMemo(() => new Map(tree.units.map((u) => [u.id, u])), [tree.units]);
  const [folded, setFolded] = useState(() => defaultFolded(tree.units, tree.rootId));
  const [succession, setSuccession] = useState(false);
  const [mode, setMode] = useState<"tree" | "list">("tree");
  const [zoom, setZoom] = useState(1);
  const line = useMemo(() => successionLine(tree.units, tree.rootId), [tree.units, tree.rootId]);
  const layout = useMemo(
    () =>
      layoutFamilyTree(tree.units, tree.topId, {
        folded,
        ...(succession ? { only: line, withoutSpouses: true } : {}),
      }),
    [tree.units, tree.topId, folded, succession, line],
  );
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // The tree opens scrolled to the person it is for, however wide the house.
  const here = layout.units.find((u) => u.id === highlightId || u.spouseIds.includes(highlightId));
  const hereX = here ? here.x * SLOT : null;
  const hereY = here ? here.row * ROW : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the tree first draws.
  useEffect(() => {
    const el = scroller.current;
    if (!el || hereX === null || hereY === null) return;
    el.scrollLeft = Math.max(0, hereX - el.clientWidth / 2 + CARD / 2);
    el.scrollTop = Math.max(0, hereY - ROW);
  }, []);
  const distance = (e: TouchEvent) => {
    const [a, b] = [e.touches[0], e.touches[1]];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
  };
  const toggle = (id: string) =>
    setFolded((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const anyFolded = tree.units.some((u) => folded.has(u.id));
  const generations = new Set(tree.units.map((u) => u.generation)).size;
  const top = units.get(tree.topId);
  const topPerson = people.get(tree.topId);

  return (
    <div className="tj-ftree">
      <div className="tj-ftree__tools" role="toolbar" aria-label="家族树工具">
        <div className="tj-ftree__modes">
          <button type="button" aria-pressed={mode === "tree"} onClick={() => setMode("tree")}>
            树图
          </button>
          <button type="button" aria-pressed={mode === "list"} onClick={() => setMode("list")}>
            列表
          </button>
        </div>
        {tree.hasSuccession && (
          <button
            type="button"
            className="tj-ftree__chip"
            aria-pressed={succession}
            onClick={() => setSuccession((s) => !s)}
          >
            只看继位者
          </button>
        )}
        {mode === "tree" && !succession && (
          <button
            type="button"
            className="tj-ftree__chip"
            onClick={() =>
              setFolded(anyFolded ? new Set() : defaultFolded(tree.units, tree.rootId))
            }
          >
            {anyFolded ? "全部展开" : "收起分支"}
          </button>
        )}
        {mode === "tree" && (
          <div className="tj-ftree__zoom">
            <button
              type="button"
              aria-label="缩小"
              disabled={zoom <= ZOOM_MIN}
              onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}
            >
              −
            </button>
            <output aria-live="polite">{Math.round(zoom * 100)}%</output>
            <button
              type="button"
              aria-label="放大"
              disabled={zoom >= ZOOM_MAX}
              onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}
            >
              ＋
            </button>
          </div>
        )}
      </div>
      <p className="tj-ftree__meta">
        共 {tree.people.length} 人 · {generations} 代{succession ? " · 只显示继位者及其直系" : ""}
        {top?.moreAbove && topPerson && (
          <AppLink className="tj-ftree__up" to={familyTreePath(top.id, highlightId)}>
            ↑ {topPerson.name}的祖先
          </AppLink>
        )}
      </p>
      {mode === "tree" ? (
        <div
          ref={scroller}
          className="tj-ftree__scroll"
          data-testid="family-tree-diagram"
          onTouchStart={(e) => {
            if (e.touches.length === 2) pinch.current = { distance: distance(e), zoom };
          }}
          onTouchMove={(e) => {
            const start = pinch.current;
            if (!start || e.touches.length !== 2 || start.distance === 0) return;
            setZoom(clampZoom((start.zoom * distance(e)) / start.distance));
          }}
          onTouchEnd={() => {
            pinch.current = null;
          }}
        >
          <div
            className="tj-ftree__stage"
            style={{ width: layout.width * SLOT * zoom, height: layout.rows * ROW * zoom }}
          >
            <div
              className="tj-ftree__plane"
              style={{
                width: layout.width * SLOT,
                height: layout.rows * ROW,
                transform: `scale(${zoom})`,
              }}
            >
              <Connectors layout={layout} />
              {layout.units.map((p) => (
                <UnitCards
                  key={p.id}
                  placed={p}
                  unit={units.get(p.id) as FamilyUnit}
                  people={people}
                  highlightId={highlightId}
                  isTop={p.id === tree.topId}
                  onToggle={toggle}
                  foldable={!succession}
                  open={!folded.has(p.id)}
                />
              ))}
            </div>
          </div>
        </div>
      ) : (
        <FamilyOutline
          tree={tree}
          people={people}
          units={units}
          only={succession ? line : null}
          highlightId={highlightId}
        />
      )}
    </div>
  );
}

function UnitCards({
  placed,
  unit,
  people,
  highlightId,
  isTop,
  onToggle,
  foldable,
  open,
}: {
  placed: PlacedUnit;
  unit: FamilyUnit;
  people: Map<string, FamilyPerson>;
  highlightId: string;
  isTop: boolean;
  onToggle: (id: string) => void;
  foldable: boolean;
  open: boolean;
}) {
  const person = people.get(unit.id);
  if (!person) return null;
  const hasChildren = unit.childIds.length > 0;
  return (
    <div
      className="tj-ftree__unit"
      data-person={person.name}
      style={{ left: placed.x * SLOT, top: placed.row * ROW, width: placed.width * SLOT }}
    >
      <div className="tj-ftree__couple">
        <PersonCard
          person={person}
          highlighted={person.id === highlightId}
          successor={unit.successor}
          label={unit.label}
        />
        {placed.spouseIds.map((s) => {
          const spouse = people.get(s);
          return spouse ? (
            <PersonCard key={s} person={spouse} highlighted={s === highlightId} spouse />
          ) : null;
        })}
      </div>
      <div className="tj-ftree__actions">
        {foldable && hasChildren && (
          <button
            type="button"
            className="tj-ftree__fold"
            aria-expanded={open}
            aria-label={
              open ? `收起${person.name}的后代` : `展开${person.name}的后代（${placed.hidden} 人）`
            }
            onClick={() => onToggle(unit.id)}
          >
            {open ? "收起" : `展开 ${placed.hidden}`}
          </button>
        )}
        {(unit.moreBelow || (!isTop && person.id !== highlightId)) && (
          <AppLink
            className="tj-ftree__reroot"
            to={familyTreePath(unit.id, highlightId)}
            aria-label={
              unit.moreBelow ? `查看${person.name}的更多后代` : `以${person.name}为中心查看家族树`
            }
            title={unit.moreBelow ? "更多后代" : "以此为根"}
          >
            {unit.moreBelow ? "↓" : "↻"}
          </AppLink>
        )}
      </div>
    </div>
  );
}

/** The tree as nested lists: every person, in birth order, for screen readers and for lists. */
function FamilyOutline({
  tree,
  people,
  units,
  only,
  highlightId,
}: {
  tree: FamilyTree;
  people: Map<string, FamilyPerson>;
  units: Map<string, FamilyUnit>;
  only: Set<string> | null;
  highlightId: string;
}) {
  const seen = new Set<string>();
  const item = (id: string) => {
    const unit = units.get(id);
    const person = people.get(id);
    if (!unit || !person || seen.has(id) || (only && !only.has(id))) return null;
    seen.add(id);
    const spouses = only ? [] : unit.spouseIds.flatMap((s) => people.get(s) ?? []);
    const children = unit.childIds.filter((c) => !only || only.has(c));
    return (
      <li key={id}>
        <div className="tj-ftree__row">
          <AppLink
            to={`/detail/${id}`}
            aria-current={id === highlightId ? "true" : undefined}
            className={id === highlightId ? "tj-ftree__here" : undefined}
          >
            {person.name}
          </AppLink>
          {unit.label && <span className="tj-ftree__label">{unit.label}</span>}
          {person.timeDesc && <small>{person.timeDesc}</small>}
          {unit.successor && <span className="tj-ftree__badge">继位</span>}
        </div>
        {spouses.length > 0 && (
          <p className="tj-ftree__spouses">
            配偶：
            {spouses.map((s, i) => (
              <span key={s.id}>
                {i > 0 && "、"}
                <AppLink to={`/detail/${s.id}`}>{s.name}</AppLink>
              </span>
            ))}
          </p>
        )}
        {children.length > 0 && (
          <ul aria-label={`${person.name}的子女`}>{children.map((c) => item(c))}</ul>
        )}
      </li>
    );
  };
  return (
    <ul className="tj-ftree__outline" aria-label="家族树列表">
      {item(tree.topId)}
    </ul>
  );
}
