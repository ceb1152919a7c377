import type {
  Lattice,
  LatticeCell,
  LatticeCellPage,
  LatticePerson,
} from "@tongjian/contracts/graph-lattice";
import { useCallback, useEffect, useRef, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useMorePages } from "../../shell/use-more-pages.ts";
import "./lattice-grid.css";

const SHEET_PAGE_SIZE = 24;

function Portrait({ person }: { person: LatticePerson }) {
  return (
    <AppLink
      to={`/detail/${person.id}`}
      className="tj-lattice__person"
      title={person.timeDesc ?? ""}
    >
      {person.imageUrl ? (
        <img src={person.imageUrl} alt="" width={32} height={32} loading="lazy" />
      ) : (
        <span className="tj-lattice__initial" aria-hidden="true">
          {[...person.name][0]}
        </span>
      )}
      <span className="tj-lattice__name">{person.name}</span>
    </AppLink>
  );
}

/** Everyone in one cell, a page at a time, in a sheet over the grid. */
function CellSheet({ cell, onClose }: { cell: LatticeCell; onClose: () => void }) {
  const { api } = usePlatform();
  const dialog = useRef<HTMLDialogElement>(null);
  const loadPage = useCallback(
    (page: number) =>
      api.get<LatticeCellPage>(
        `/api/lattice/cell/cn?era=${encodeURIComponent(cell.era)}&field=${encodeURIComponent(cell.field)}&page=${page}&size=${SHEET_PAGE_SIZE}`,
      ),
    [api, cell.era, cell.field],
  );
  const list = useMorePages({ page: 0, hasMore: true, list: [] as LatticePerson[] }, loadPage);
  const { loadMore } = list;
  const started = useRef(false);
  useEffect(() => {
    dialog.current?.showModal?.();
    if (!started.current) {
      started.current = true;
      void loadMore();
    }
  }, [loadMore]);
  return (
    <dialog
      ref={dialog}
      className="tj-lattice__sheet"
      aria-labelledby="lattice-sheet-title"
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="tj-lattice__sheet-head">
        <h2 id="lattice-sheet-title">
          {cell.era} · {cell.field}
          <small>{cell.total} 人</small>
        </h2>
        <button type="button" className="tj-lattice__close" onClick={onClose} aria-label="关闭">
          ×
        </button>
      </div>
      <ul className="tj-lattice__people tj-lattice__people--sheet">
        {list.list.map((p) => (
          <li key={p.id}>
            <Portrait person={p} />
            {p.timeDesc && <small>{p.timeDesc}</small>}
          </li>
        ))}
      </ul>
      {list.list.length === 0 && list.state === "loading" && <p className="tj-empty">加载中…</p>}
      {list.hasMore && list.list.length > 0 && (
        <MoreButton
          state={list.state}
          onClick={list.loadMore}
          label={`加载更多（${list.list.length}/${cell.total}）`}
        />
      )}
      {list.state === "error" && list.list.length === 0 && (
        <MoreButton state="error" onClick={list.loadMore} />
      )}
    </dialog>
  );
}

/** The grid of eras (rows) by fields (columns); a cell's rest opens in a sheet. */
export function LatticeGrid({ lattice }: { lattice: Lattice }) {
  const [open, setOpen] = useState<LatticeCell | null>(null);
  const columns = lattice.fields.length;
  return (
    <>
      <div className="tj-lattice__scroll">
        <table
          className="tj-lattice__grid"
          style={{ minWidth: columns === 1 ? undefined : 64 + columns * 136 }}
        >
          <caption className="tj-visually-hidden">
            按时代与领域排列的人物，共 {lattice.total} 人
          </caption>
          <thead>
            <tr>
              <th scope="col">时代</th>
              {lattice.fields.map((f) => (
                <th scope="col" key={f.name}>
                  {f.name}
                  <small className="tj-lattice__count">{f.total}</small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lattice.eras.map((era) => (
              <tr key={era.name}>
                <th scope="row">
                  {era.name}
                  <small className="tj-lattice__count">{era.total}</small>
                </th>
                {lattice.cells
                  .filter((c) => c.era === era.name)
                  .map((c) => (
                    <td key={c.field} data-cell={`${c.era}-${c.field}`}>
                      {c.total === 0 ? (
                        <span className="tj-lattice__none">—</span>
                      ) : (
                        <>
                          <ul className="tj-lattice__people">
                            {c.people.map((p) => (
                              <li key={p.id}>
                                <Portrait person={p} />
                              </li>
                            ))}
                          </ul>
                          {c.total > c.people.length && (
                            <button
                              type="button"
                              className="tj-lattice__more"
                              onClick={() => setOpen(c)}
                              aria-label={`${c.era}${c.field}：查看全部 ${c.total} 人`}
                            >
                              全部 {c.total} 人
                            </button>
                          )}
                        </>
                      )}
                    </td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && (
        <CellSheet key={`${open.era}-${open.field}`} cell={open} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
