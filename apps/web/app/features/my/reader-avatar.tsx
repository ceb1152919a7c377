/**
 * A reader's avatar: their picture (a drawn seal or an https picture), else the first character
 * of their name. Decorative: the name is always written beside it.
 */
export function ReaderAvatar({
  name,
  avatar,
  size = "small",
}: {
  name: string;
  avatar: string | null;
  size?: "small" | "large";
}) {
  const px = size === "large" ? 72 : 40;
  if (avatar)
    return (
      <img
        className={`tj-my-avatar tj-my-avatar--${size}`}
        src={avatar}
        alt=""
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
      />
    );
  return (
    <span className={`tj-my-avatar tj-my-avatar--${size} tj-my-avatar--text`} aria-hidden="true">
      {[...name][0] ?? "读"}
    </span>
  );
}
