import { pino, type DestinationStream, type Logger } from "pino";
import { currentRequestContext } from "./request-context.js";

export type { Logger };

/**
 * The process logger (JSON lines on stdout). Every line written while a request is served (HTTP,
 * or a call on a WebSocket) carries that request's `requestId` (infra/request-context.ts), so a
 * service's log lines can be found from the request that caused them.
 * `destination` defaults to stdout (tests pass a stream to read the lines).
 */
export function createLogger(level: string, instanceId: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { instance: instanceId },
    mixin() {
      const ctx = currentRequestContext();
      return ctx ? { requestId: ctx.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
