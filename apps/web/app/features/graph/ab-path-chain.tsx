import type { AbPath, AbPathNode, AbPathResult, AbPathStep } from "@tongjian/contracts/graph-path";
import { AppLink } from "../../shell/app-link.tsx";
import { useShellPopups } from "../../shell/shell-popups.tsx";

function NodeFace({ node }: { node: AbPathNode }) {
  return node.imageUrl && !node.removed ? (
    <img className="tj-abpath-node__face" src={node.imageUrl} alt="" loading="lazy" />
  ) : (
    <span className="tj-abpath-node__face" aria-hidden="true">
      {node.initials}
    </span>
  );
}

function ChainNode({ node }: { node: AbPathNode }) {
  const note = [node.kindName, node.timeDesc].filter(Boolean).join(" · ");
  const body = (
    <>
      <NodeFace node={node} />
      <span className="tj-abpath-node__text">
        <strong>{node.name}</strong>
        <small>{node.removed ? "已删除" : note}</small>
      </span>
    </>
  );
  return node.removed ? (
    <div className="tj-abpath-node tj-abpath-node--removed">{body}</div>
  ) : (
    <AppLink className="tj-abpath-node" to={`/detail/${node.id}`}>
      {body}
    </AppLink>
  );
}

/** The arrow's words: "好友" both ways, "↓ 父亲", or "↑ 谏臣" against the walk. */
function arrowOf(step: AbPathStep): string {
  if (step.arrow === "twoway") return "⇅";
  return step.arrow === "forward" ? "↓" : "↑";
}

function ChainStep({ step, nodes }: { step: AbPathStep; nodes: AbPathResult["nodes"] }) {
  const { showToastSheet } = useShellPopups();
  const name = (id: string) => nodes[id]?.name ?? "?";
  // The sheet reads the stored row: "李渊 → 唐：建立政权".
  const [rowFrom, rowTo] =
    step.direction === "forward" ? [step.from, step.to] : [step.to, step.from];
  const meta = [step.yearText, step.place?.name].filter(Boolean).join(" · ");
  return (
    <button
      type="button"
      className="tj-abpath-step"
      onClick={() =>
        showToastSheet({
          type: "relation",
          name: step.title,
          from: name(rowFrom),
          to: name(rowTo),
          relation: step.label,
          direction: step.twoway ? "twoway" : "one-way",
          desc: step.desc ?? step.note ?? step.title,
          ...(step.place ? { position: step.place.name } : {}),
          ...(step.yearText ? { time: step.yearText } : {}),
        })
      }
      aria-label={`${step.title}${meta ? `（${meta}）` : ""}，查看关系详情`}
    >
      <span className="tj-abpath-step__arrow" aria-hidden="true">
        {arrowOf(step)}
      </span>
      <span className="tj-abpath-step__label">{step.stepLabel}</span>
      {meta && <span className="tj-abpath-step__meta">{meta}</span>}
    </button>
  );
}

/** One path as a vertical chain: entries (to their pages) joined by relations (to the sheet). */
export function PathChain({
  path,
  index,
  nodes,
}: {
  path: AbPath;
  index: number;
  nodes: AbPathResult["nodes"];
}) {
  const names = path.nodeIds.map((id) => nodes[id]?.name ?? "?");
  return (
    <li className="tj-abpath-path">
      <h3 className="tj-abpath-path__title">
        第 {index + 1} 条 · {path.length} 步
        <span className="tj-visually-hidden">：{names.join("、")}</span>
      </h3>
      <ol className="tj-abpath-chain">
        {path.nodeIds.map((id, i) => {
          const node = nodes[id];
          const step = path.steps[i];
          return (
            // A path never passes an entry twice: its id is its key.
            <li key={id} className="tj-abpath-chain__item">
              {node && <ChainNode node={node} />}
              {step && <ChainStep step={step} nodes={nodes} />}
            </li>
          );
        })}
      </ol>
    </li>
  );
}
