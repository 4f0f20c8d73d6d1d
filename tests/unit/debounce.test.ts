import { parseHTML } from "linkedom";
import { act, createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDebounced, useDebounced, type Debounced } from "~/lib/debounce";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("createDebounced", () => {
  it("runs the last call once, after a quiet pause", () => {
    const debounced = createDebounced();
    const first = vi.fn();
    const last = vi.fn();
    debounced.schedule(first, 400);
    vi.advanceTimersByTime(300);
    debounced.schedule(last, 400);
    vi.advanceTimersByTime(399);
    expect(last).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(last).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(last).toHaveBeenCalledTimes(1);
  });

  it("a cancelled call never runs, and cancelling with nothing waiting is harmless", () => {
    const debounced = createDebounced();
    const run = vi.fn();
    debounced.cancel();
    debounced.schedule(run, 400);
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("useDebounced (the list filter's search box)", () => {
  /** A component holding a debounce, mounted in a DOM without a browser. */
  async function mounted() {
    const { window, document } = parseHTML("<!doctype html><html><body><div id='root'></div></body></html>");
    vi.stubGlobal("window", window);
    vi.stubGlobal("document", document);
    vi.stubGlobal("navigator", { userAgent: "node" });
    vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", true);
    const { createRoot } = await import("react-dom/client");
    const held: { debounced?: Debounced; renders: Debounced[] } = { renders: [] };
    function Holder() {
      held.debounced = useDebounced();
      held.renders.push(held.debounced);
      return null;
    }
    const root = createRoot(document.getElementById("root") as unknown as Element);
    await act(async () => root.render(createElement(Holder)));
    return {
      held,
      rerender: () => act(async () => root.render(createElement(Holder))),
      unmount: () => act(async () => root.unmount()),
    };
  }

  it("keeps one debounce across renders", async () => {
    const { held, rerender, unmount } = await mounted();
    await rerender();
    expect(held.renders.length).toBeGreaterThan(1);
    expect(new Set(held.renders).size).toBe(1);
    await unmount();
  });

  it("drops a waiting call when the component unmounts", async () => {
    const { held, unmount } = await mounted();
    const submit = vi.fn();
    held.debounced!.schedule(submit, 400);
    await unmount();
    vi.advanceTimersByTime(1000);
    expect(submit).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
