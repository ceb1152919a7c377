import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // antd-mobile's modules import their CSS, which Node cannot load: the server build bundles
  // the library (and drops the CSS) instead of importing it at run time. The pop-ups it draws
  // are never rendered on the server, but their chunk is in the server build.
  ssr: { noExternal: ["antd-mobile"] },
  build: {
    target: "es2020",
    cssCodeSplit: true,
    // The browser's first load is mostly React Router; terser's second pass takes
    // ~3 KB (gzip) more off them than esbuild's minifier. The server build stays readable.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    // react-dom in one chunk: the pop-up chunks (antd-mobile) use its createPortal, and left to
    // itself Rollup would split react-dom's small index module from its client, ~0.6 KB (gzip)
    // more on every page's first load (docs/decisions/0013).
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: (id: string) =>
              /node_modules\/(react-dom|scheduler)\//.test(id) ? "react-dom" : undefined,
          },
        },
  },
}));
