/**
 * Whether this browser can draw the 3D museum, asked before three.js is loaded: a throwaway
 * canvas gets a WebGL context (2, else 1) and gives it back at once. Browsers without WebGL, with
 * it switched off or blocklisted for their GPU answer null, and the page shows the plain list.
 */
export function hasWebGL(): boolean {
  if (typeof document === "undefined") return false;
  try {
    const canvas = document.createElement("canvas");
    const gl = (canvas.getContext("webgl2") ?? canvas.getContext("webgl")) as
      | WebGLRenderingContext
      | WebGL2RenderingContext
      | null;
    if (!gl) return false;
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return true;
  } catch {
    return false;
  }
}
