import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout for log collectors; on a terminal, pino-pretty's readable lines instead (loaded only then,
 * and run in this thread: a terminal reader does not need a worker's throughput).
 */
export async function createLogger(options: { level?: LevelWithSilent; destination?: DestinationStream } = {}): Promise<Logger> {
  const settings = { level: options.level ?? 'info' };
  if (options.destination) return pino(settings, options.destination);
  if (process.stdout.isTTY) {
    const { default: pretty } = await import('pino-pretty');
    return pino(settings, pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
  }
  // Written in the background, many lines a write under load, instead of a write call per request; pino writes out
  // what is left when the process exits.
  return pino(settings, pino.destination({ sync: false }));
}
