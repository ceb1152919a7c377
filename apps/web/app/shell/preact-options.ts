import { Fragment, options, type VNode } from "preact";

/** What `preact/compat` marks every element with, so that React's `isValidElement` knows it. */
const REACT_ELEMENT_TYPE = Symbol.for("react.element");

/**
 * The pages are written against React's API and run on Preact (docs/decisions/0008-preact-runtime.md).
 * A few things differ where React Router writes the document itself, and on the server:
 *
 * - React Router marks its inline scripts and preload links `suppressHydrationWarning`, a hint to
 *   React's hydration that React never writes out. Preact's renderer would write it as an
 *   attribute, so it is dropped from every element.
 * - Preact renders a document into its `<html>` element rather than replacing it
 *   (preactjs/preact#3794). In the browser the root layout's `<html>` therefore stands for its
 *   children, so that its `<head>` and `<body>` meet the server's; the server writes the element
 *   itself, with its attributes.
 * - On the server, `preact/compat`'s element hook is left out. It rewrites every element's props
 *   into React's DOM conventions for Preact's differ (className, htmlFor, camelCase SVG names,
 *   defaultValue, onChange …): Preact's string renderer reads those React names itself, so the
 *   markup is the same, and the hook doubled the cost of rendering an element
 *   (docs/decisions/0009-page-data-in-process.md). Elements still get React's element
 *   mark, for `isValidElement` and `Children`. An `<svg>` element itself keeps the hook (the
 *   renderer names its own attributes as HTML ones). In the browser the hook stays.
 */
export function installPreactOptions({ server }: { server: boolean }): void {
  const next = options.vnode;
  options.vnode = server
    ? (vnode: VNode) => {
        if (typeof vnode.type === "string") {
          const props = vnode.props as Record<string, unknown>;
          if (props.suppressHydrationWarning !== undefined) delete props.suppressHydrationWarning;
          // The string renderer writes an <svg>'s own attributes before it switches to SVG
          // names (strokeWidth would stay strokeWidth), so that one element keeps compat's hook.
          if (vnode.type === "svg") return next?.(vnode);
        }
        (vnode as VNode & { $$typeof?: symbol }).$$typeof = REACT_ELEMENT_TYPE;
      }
    : (vnode: VNode) => {
        if (typeof vnode.type === "string") {
          const props = vnode.props as Record<string, unknown>;
          if ("suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
          if (vnode.type === "html") vnode.type = Fragment as unknown as string;
        }
        next?.(vnode);
      };
}
