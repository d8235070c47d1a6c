// The climate data set's solar resource (docs/api.md §8, docs/decisions.md §9), written as
// `climate.solar_resource` (schemas/climate-solar-resource.schema.json): every station's rows, computed
// from its hourly weather as it is written (climate-solar-resource-rows.ts). The computation (the SPA
// sun and Perez for 8,760 hours) costs several times what generating or writing a station does, so a
// large build shares it with worker threads while its own thread goes on generating and writing.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../../model/typescript-worker.ts';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import type { ClimateSolarResource } from '../../types/schemas.ts';
import { columnsFromSchema, type DataSetWriter } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import type { HourlyColumns } from '../sample/climate.ts';
import { recordIssues } from '../validate.ts';
import { DATASET, type StationDraft } from './climate-records.ts';
import { solarResourceRows } from './climate-solar-resource-rows.ts';

export const SOLAR_RESOURCE_SCHEMA = '/api/schemas/climate-solar-resource.schema.json';
/** The file's name in the manifest's climate entry. */
export const SOLAR_RESOURCE_FILE = 'solar_resource';
const COLUMNS = columnsFromSchema(schemaById(SOLAR_RESOURCE_SCHEMA));
const validate = validatorFor(SOLAR_RESOURCE_SCHEMA);

/** A station's rows, or why v8 refused its weather. */
type StationResult = ClimateSolarResource[] | string;

/** What a worker is sent, and answers. */
export interface SolarResourceJob {
  id: number;
  draft: StationDraft;
  hourly: HourlyColumns;
}
export interface SolarResourceReply {
  id: number;
  rows: StationResult;
}

/** Builds with fewer stations compute on their own thread: a worker costs about a third of a second of CPU to start. */
const WORKER_MIN_STATIONS = 64;
/** At most this many workers, however many cores: the build's own thread and DuckDB's need some. */
const MAX_WORKERS = 3;
/**
 * Stations sent to a worker and not yet answered, at most: past it the build's thread computes the
 * next station itself. Bounds the columns in flight (about 350 KB a station) and keeps every thread busy.
 */
const QUEUED_PER_WORKER = 3;

/** Workers for a build of `stations` stations: one per core but the build's own, none for a small build. */
export function solarResourceWorkers(stations: number): number {
  return stations < WORKER_MIN_STATIONS ? 0 : Math.max(0, Math.min(MAX_WORKERS, availableParallelism() - 1));
}

class SolarResourceWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(rows: StationResult): void; reject(error: Error): void }>();
  private failure: Error | undefined;

  constructor() {
    this.worker = typeScriptWorker(new URL('./climate-solar-resource-worker.ts', import.meta.url));
    this.worker.on('message', ({ id, rows }: SolarResourceReply) => {
      this.pending.get(id)?.resolve(rows);
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`a solar resource worker stopped (exit code ${code})`)));
    this.worker.unref();
  }

  get queued(): number {
    return this.pending.size;
  }

  run(job: SolarResourceJob): Promise<StationResult> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(job.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(job);
    });
  }

  close(): void {
    this.worker.removeAllListeners('exit');
    void this.worker.terminate();
  }
}

/**
 * Collects the rows of the stations as they are written (first station of an id wins), and the notes
 * of those v8 refuses. With workers (`solarResourceWorkers`), a station goes to the least busy one
 * unless all are full, when this thread computes it; the rows are the same numbers either way.
 * `close` stops the workers, when the build is done with them or has failed.
 */
export class SolarResourceCollector {
  /** Each station's result, or its result to come, in the order the stations were written. */
  private readonly results = new Map<string, { file: string; result: StationResult | Promise<StationResult> }>();
  private readonly workers: SolarResourceWorker[];
  private nextJob = 0;
  readonly notes: Issue[] = [];

  constructor(workers: number) {
    this.workers = Array.from({ length: workers }, () => new SolarResourceWorker());
  }

  add(draft: StationDraft, hourly: HourlyColumns): void {
    if (this.results.has(draft.id)) return;
    let worker = this.workers[0];
    for (const candidate of this.workers) if (candidate.queued < worker!.queued) worker = candidate;
    const result = worker && worker.queued < QUEUED_PER_WORKER ? worker.run({ id: this.nextJob++, draft, hourly }) : solarResourceRows(draft, hourly);
    // a failed worker's job fails the build in `write`, not as an unhandled rejection before it
    if (result instanceof Promise) result.catch(() => {});
    this.results.set(draft.id, { file: draft.source_file, result });
  }

  /** Every station's rows by id, once all are computed; the stations v8 refused are in `notes`. */
  async settle(): Promise<Map<string, ClimateSolarResource[]>> {
    const byId = new Map<string, ClimateSolarResource[]>();
    for (const [id, { file, result }] of this.results) {
      const rows = await result;
      if (typeof rows === 'string') this.notes.push({ file, field: 'solar_resource', reason: `no solar resource: PVWatts v8 refuses the weather (${rows})` });
      else byId.set(id, rows);
    }
    return byId;
  }

  /**
   * Writes the rows of the catalog's stations as `climate.solar_resource`, validated against the
   * schema. A station's rows are those computed for its `model`: itself, except in the benches'
   * grids, whose cells share the hourly rows of a few stations (bench/lib/climate-grids.ts); a copy
   * differs from its model's rows by its id alone, so only its first row is validated. Stations
   * given `inIdOrder` have their rows written as they come (a national grid's 26,000,000 are never
   * sorted), others sorted by id and month.
   */
  async write(writer: DataSetWriter, stations: Iterable<{ id: string; model?: string }>, inIdOrder = false): Promise<void> {
    const byId = await this.settle();
    // a copy's rows: its model's, its id written in as it is handed on (DuckDB reads a row before the next is made)
    const copies = new Map<string, ClimateSolarResource[]>();
    const copiesOf = (model: string) =>
      copies.get(model) ??
      copies
        .set(
          model,
          (byId.get(model) ?? []).map((row) => ({ ...row })),
        )
        .get(model)!;
    function* rows(): Generator<Record<string, unknown>> {
      let index = 0;
      for (const { id, model = id } of stations) {
        const computed = model === id ? (byId.get(id) ?? []) : copiesOf(model);
        for (const [month, row] of computed.entries()) {
          row.id = id;
          if (model === id || month === 0) {
            const issues = recordIssues(validate, row as unknown as Record<string, unknown>, { file: id, record: index });
            if (issues.length) throw new Error(`solar resource of climate station ${id} is invalid: ${issues.map(describeIssue).join('; ')}`);
          }
          index++;
          yield row as unknown as Record<string, unknown>;
        }
      }
    }
    await writer.writeParquet(DATASET, SOLAR_RESOURCE_FILE, COLUMNS, rows(), inIdOrder ? undefined : 'id, month');
  }

  close(): void {
    for (const worker of this.workers) worker.close();
    this.workers.length = 0;
  }
}
