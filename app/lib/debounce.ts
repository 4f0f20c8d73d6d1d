import { useEffect, useRef } from "react";

/** A function run once things have been quiet for a while: each new call puts it off again. */
export interface Debounced {
  /** Runs `run` after `ms`, unless another call, `cancel` or an unmount comes first. */
  schedule(run: () => void, ms: number): void;
  /** Forgets the waiting call, if any. */
  cancel(): void;
}

/** A debounce that holds at most one waiting call. */
export function createDebounced(): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(run, ms) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, ms);
    },
    cancel,
  };
}

/**
 * A debounce owned by a component: its waiting call is dropped when the component unmounts, so a
 * search typed on one screen is never submitted from the next one.
 */
export function useDebounced(): Debounced {
  const debounced = useRef<Debounced>();
  debounced.current ??= createDebounced();
  useEffect(() => {
    const current = debounced.current!;
    return () => current.cancel();
  }, []);
  return debounced.current;
}
