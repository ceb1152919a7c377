import { Fragment, options, type VNode } from "preact";

/**
 * The pages are written against React's API and run on Preact (docs/decisions/0008-preact-runtime.md).
 * Two things differ where React Router writes the document itself:
 *
 * - React Router marks its inline scripts and preload links `suppressHydrationWarning`, a hint to
 *   React's hydration that React never writes out. Preact's renderer would write it as an
 *   attribute, so it is dropped from every element.
 * - Preact renders a document into its `<html>` element rather than replacing it
 *   (preactjs/preact#3794). In the browser the root layout's `<html>` therefore stands for its
 *   children, so that its `<head>` and `<body>` meet the server's; the server writes the element
 *   itself, with its attributes.
 */
export function installPreactOptions({ htmlAsFragment }: { htmlAsFragment: boolean }): void {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (typeof vnode.type === "string") {
      const props = vnode.props as Record<string, unknown>;
      if ("suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
      if (htmlAsFragment && vnode.type === "html") vnode.type = Fragment as unknown as string;
    }
    next?.(vnode);
  };
}
