import "server-only";
import { logger } from "@/lib/logger";

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
type ShutdownSignal = (typeof SIGNALS)[number];

/**
 * Runs `handler` once on the first SIGTERM or SIGINT, before anything else that listened for
 * them: the listeners already installed (Next's server, which closes and exits at once) are
 * taken off and called after the handler; with none, the signal is raised again with its
 * default action. Repeated signals while stopping are ignored, so a supervisor's SIGTERM plus
 * the one `npm start` forwards do not cut the shutdown short.
 */
export function onShutdownSignal(handler: (signal: ShutdownSignal) => Promise<void>): void {
  const previous = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  let started = false;
  const listener = (signal: ShutdownSignal) => {
    if (started) {
      logger.info("process.already_stopping", { signal });
      return;
    }
    started = true;
    void handler(signal)
      .catch((error: unknown) => logger.error("process.stop_failed", { error }))
      .finally(() => {
        for (const s of SIGNALS) process.removeListener(s, listener);
        const others = previous.get(signal) ?? [];
        if (others.length === 0) return void process.kill(process.pid, signal);
        for (const other of others) (other as (s: ShutdownSignal) => void)(signal);
      });
  };
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, listener);
  }
}
