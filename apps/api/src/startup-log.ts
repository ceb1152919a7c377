/** JSON lines on stdout for the moments before (or outside) the server's own logger. */
export const startupLog = {
  info: (obj: unknown, msg?: string) => console.log(JSON.stringify({ msg, ...(obj as object) })),
};
