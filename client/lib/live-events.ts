import { useEffect, useRef } from "react";
import type { RouterOutputs } from "./router-types";

/** Every live event the server pushes (server/features/live/live.service.ts LiveEvent). */
export type LiveEvent =
  RouterOutputs["live"]["events"] extends AsyncIterable<infer E> ? (E extends { data: infer D } ? D : E) : never;
export type LiveEventOf<T extends LiveEvent["type"]> = Extract<LiveEvent, { type: T }>;

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Hand one event to every listener (called by the app's LiveProvider). */
export function dispatchLiveEvent(event: LiveEvent): void {
  for (const l of listeners) l(event);
}

/** Run `handler` for each live event of `type` while the component is mounted. */
export function useLiveEvent<T extends LiveEvent["type"]>(type: T, handler: (event: LiveEventOf<T>) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const l: Listener = (e) => {
      if (e.type === type) ref.current(e as LiveEventOf<T>);
    };
    listeners.add(l);
    return () => void listeners.delete(l);
  }, [type]);
}
