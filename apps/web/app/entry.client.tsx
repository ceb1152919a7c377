import { render } from "preact";
import { Component, type ReactNode, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installPreactOptions } from "./shell/preact-options.ts";

installPreactOptions({ server: false });

/**
 * React Router's first render suspends until it has decoded the loader data that the server
 * wrote into the page. React's root waits for that and then hydrates; Preact has no root
 * boundary, and resuming a suspended hydration of the whole document would render a second
 * `<html>` instead of adopting the first. So the router is asked once in a detached probe, whose
 * boundary takes the promise it throws, and the document is hydrated when that settles, in one
 * synchronous pass (docs/decisions/0008-preact-runtime.md).
 */
function routerDataDecoded(): Promise<void> {
  return new Promise((resolve, reject) => {
    class Probe extends Component<{ children: ReactNode }, { settled: boolean }> {
      override state = { settled: false };
      override componentDidCatch(thrown: unknown) {
        this.setState({ settled: true });
        if (thrown instanceof Promise) thrown.then(() => resolve(), reject);
        else reject(thrown);
      }
      override render() {
        return this.state.settled ? null : this.props.children;
      }
    }
    // The probe never mounts the router: the router throws before it renders anything.
    render(
      <Probe>
        <HydratedRouter />
      </Probe>,
      document.createElement("div"),
    );
  });
}

/**
 * Preact hydrates in one pass, where React would slice the work into short tasks. Giving the
 * browser a turn between evaluating the modules and hydrating keeps the two in separate tasks,
 * so neither holds the main thread as long (Lighthouse's total blocking time).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void routerDataDecoded()
  .then(nextTask)
  .then(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
