import type {
  AgreementBlock,
  AgreementSection,
  AgreementTable,
  AgreementVersion,
} from "@tongjian/domain/agreement-types";
import { formatEffectiveDay } from "@tongjian/domain/agreement-types";

/** A table inside an agreement: scrolls sideways on a phone, with its caption and header row. */
export function AgreementTableView({ table }: { table: AgreementTable }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (axe scrollable-region-focusable)
    <div className="tj-agreement__table-wrap" tabIndex={0} role="region" aria-label={table.caption}>
      <table className="tj-agreement__table">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.join("|")}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ block }: { block: AgreementBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block)
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return <AgreementTableView table={block.table} />;
}

/** An agreement's sections, in order. */
export function AgreementSections({ sections }: { sections: readonly AgreementSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.blocks.map((block, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a section's blocks never move
            <Block key={i} block={block} />
          ))}
        </section>
      ))}
    </>
  );
}

/** 版本 1.0 · 2026 年 11 月 28 日生效 */
export function VersionLine({ version, effectiveOn }: { version: string; effectiveOn: string }) {
  return (
    <p className="tj-agreement__meta" data-testid="agreement-version">
      版本 {version} · {formatEffectiveDay(effectiveOn)}生效
    </p>
  );
}

/** Every version so far, newest first, with what it changed. */
export function VersionHistory({ versions }: { versions: readonly AgreementVersion[] }) {
  return (
    <section className="tj-agreement__versions">
      <h2>版本记录</h2>
      <ul>
        {[...versions].reverse().map((v) => (
          <li key={v.version}>
            {v.version}（{formatEffectiveDay(v.effectiveOn)}生效）：{v.note}
          </li>
        ))}
      </ul>
    </section>
  );
}
