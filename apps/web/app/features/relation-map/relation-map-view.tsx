import { type ReactNode, useCallback, useMemo, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { useShellPopups } from "../../shell/shell-popups.tsx";
import { KIND_NAMES } from "../content/entry-kinds.ts";
import {
  edgeTime,
  filterModel,
  listByGroup,
  type MapEdge,
  type MapModel,
  nodeIndex,
} from "./graph-model.ts";
import { RelationChartView } from "./relation-chart-view.tsx";
import "./relation-map.css";

export type MapMode = "graph" | "list";

/**
 * One relation map, whatever it shows (an entry's neighbours, a network, a reader's graph): the
 * 图/列表 switch, the relation-group filters, the chart and the list of the same relations.
 * Tapping a node goes to `nodeHref`; tapping a relation opens the relation sheet.
 */
export function RelationMapView({
  model,
  name,
  nodeHref,
  onNode,
  busy = false,
  header,
}: {
  model: MapModel;
  /** What the map is of (嵇康, 竹林七贤 …), for the chart's accessible name. */
  name: string;
  nodeHref: (id: string) => string;
  onNode: (id: string) => void;
  busy?: boolean;
  header?: ReactNode;
}) {
  const { showToastSheet } = useShellPopups();
  const [mode, setMode] = useState<MapMode>("graph");
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => filterModel(model, hidden), [model, hidden]);
  const byId = useMemo(() => nodeIndex(model), [model]);

  const openEdge = useCallback(
    (edge: MapEdge) => {
      const from = byId.get(edge.from)?.name ?? "";
      const to = byId.get(edge.to)?.name ?? "";
      showToastSheet({
        type: "relation",
        name: `${from}与${to}：${edge.label}`,
        id: edge.id,
        from,
        to,
        relation: edge.label,
        direction: edge.direction,
        desc: edge.desc ?? `${from}与${to}的关系：${edge.label}（${edge.group}）。`,
        ...(edge.place ? { position: edge.place } : {}),
        ...(edgeTime(edge) ? { time: edgeTime(edge) as string } : {}),
      });
    },
    [byId, showToastSheet],
  );
  const onEdge = useCallback(
    (id: string) => {
      const edge = model.edges.find((e) => e.id === id);
      if (edge) openEdge(edge);
    },
    [model, openEdge],
  );

  const toggleGroup = (group: string) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  const people = shown.nodes.length;
  const label = `${name}的关系图：${people} 个节点，${shown.edges.length} 条关系。点按节点以它为中心，全部关系见列表。`;

  return (
    <section className="tj-relmap" aria-busy={busy}>
      {header}
      <div className="tj-relmap__bar">
        <div className="tj-relmap__modes" role="group" aria-label="显示方式">
          <button
            type="button"
            aria-pressed={mode === "graph"}
            onClick={() => setMode("graph")}
            className="tj-relmap__mode"
          >
            图
          </button>
          <button
            type="button"
            aria-pressed={mode === "list"}
            onClick={() => setMode("list")}
            className="tj-relmap__mode"
          >
            列表
          </button>
        </div>
        {model.groups.length > 1 && (
          <fieldset className="tj-relmap__filters">
            <legend className="tj-visually-hidden">按关系类别筛选</legend>
            {model.groups.map((g) => (
              <button
                key={g.name}
                type="button"
                className="tj-relmap__chip"
                aria-pressed={!hidden.has(g.name)}
                onClick={() => toggleGroup(g.name)}
              >
                {g.name}
                <small>{g.count}</small>
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {mode === "graph" && (
        <RelationChartView model={shown} label={label} onNode={onNode} onEdge={onEdge} />
      )}
      <RelationList
        model={shown}
        byId={byId}
        nodeHref={nodeHref}
        onEdge={openEdge}
        heading={mode === "graph" ? "全部关系" : null}
      />
    </section>
  );
}

function RelationList({
  model,
  byId,
  nodeHref,
  onEdge,
  heading,
}: {
  model: MapModel;
  byId: Map<string, MapModel["nodes"][number]>;
  nodeHref: (id: string) => string;
  onEdge: (edge: MapEdge) => void;
  heading: string | null;
}) {
  const groups = listByGroup(model);
  if (groups.length === 0) {
    return <p className="tj-relmap__empty">这里还没有可显示的关系。</p>;
  }
  return (
    <div className="tj-relmap__list" data-testid="relation-list">
      {heading && <h2 className="tj-relmap__list-title">{heading}</h2>}
      {groups.map((g) => (
        <section key={g.name} className="tj-relmap__group" aria-label={g.name}>
          <h3>
            {g.name}
            <small>{g.edges.length}</small>
          </h3>
          <ul>
            {g.edges.map((e) => {
              const from = byId.get(e.from);
              const to = byId.get(e.to);
              if (!from || !to) return null;
              // Seen from the centre when it is one end: the other person is the link.
              const other = model.centerId === e.from ? to : model.centerId === e.to ? from : null;
              return (
                <li key={e.id} className="tj-relmap__row">
                  {other ? (
                    <AppLink to={nodeHref(other.id)} className="tj-relmap__who">
                      <strong>{other.name}</strong>
                      <small>{other.timeDesc ?? KIND_NAMES[other.kind] ?? ""}</small>
                    </AppLink>
                  ) : (
                    <span className="tj-relmap__pair">
                      <AppLink to={nodeHref(from.id)}>{from.name}</AppLink>
                      <span aria-hidden="true">{e.direction === "twoway" ? " ⇄ " : " → "}</span>
                      <AppLink to={nodeHref(to.id)}>{to.name}</AppLink>
                    </span>
                  )}
                  <button
                    type="button"
                    className="tj-relmap__edge"
                    onClick={() => onEdge(e)}
                    aria-label={`${from.name}与${to.name}的关系：${e.label}，查看说明`}
                  >
                    {e.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
