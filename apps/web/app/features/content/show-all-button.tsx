/** 查看全部 under a collapsed list; gone once the list is open. */
export function ShowAllButton({
  total,
  onClick,
  label = "查看全部",
}: {
  total: number;
  onClick: () => void;
  label?: string;
}) {
  return (
    <button type="button" className="tj-more" onClick={onClick}>
      {label}（{total}）
    </button>
  );
}
