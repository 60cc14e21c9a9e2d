import type { Logger } from '../util/logger.js';

/**
 * Runs `stop` once on SIGINT/SIGTERM (or when asked), then lets the process
 * exit; a second signal, or a stop that hangs, forces the exit.
 */
export function onShutdown(stop: () => Promise<void>, logger: Logger): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string): Promise<void> => {
    if (stopping) return stopping;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => process.exit(process.exitCode ?? 0), 5000);
    force.unref();
    // Deferred a tick: stop() closes transports whose onclose calls back here, and must find `stopping` set.
    stopping = Promise.resolve()
      .then(stop)
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exitCode = 1;
      })
      .finally(() => {
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigterm);
      });
    return stopping;
  };
  const onSigint = (): void => {
    if (stopping) process.exit(130);
    void shutdown('SIGINT');
  };
  const onSigterm = (): void => {
    if (stopping) process.exit(143);
    void shutdown('SIGTERM');
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return () => shutdown('closed');
}
