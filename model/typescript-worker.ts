// A worker thread that runs one of our TypeScript modules. A worker gets none of the module hooks of
// the thread that starts it: it registers tsx's ES module hooks itself, then loads the module.
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function typeScriptWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
