// A worker thread of the build's solar resource (climate-solar-resource.ts): it is sent a station's
// catalog draft and hourly columns, and answers with its rows (or why v8 refused the weather).
import { parentPort } from 'node:worker_threads';
import { solarResourceRows } from './climate-solar-resource-rows.ts';
import type { SolarResourceJob, SolarResourceReply } from './climate-solar-resource.ts';

parentPort!.on('message', ({ id, draft, hourly }: SolarResourceJob) => {
  parentPort!.postMessage({ id, rows: solarResourceRows(draft, hourly) } satisfies SolarResourceReply);
});
