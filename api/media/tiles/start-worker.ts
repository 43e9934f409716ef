import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread whose entry is at `url`: the built JavaScript, or from source (tests, `tsx`) its
 * TypeScript through tsx's loader, which Node 20 lets a worker register only from code it runs first.
 */
export function startWorker(url: URL, workerData: unknown): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true, workerData });
}

/** Resolves with the worker's next message; rejects if it fails or exits first. */
export function nextMessage<T>(worker: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      done();
    };
    const onMessage = (message: T) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`Tile worker exited with code ${code}`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
