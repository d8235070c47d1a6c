// Admission: how many requests are worked on at once. Two queues, first come first served:
// - answering (MAX_ACTIVE_REQUESTS): a request waits here before any of its work begins, and leaves
//   when its answer is sent or, for a long answer, when it begins to stream. Without it, 200 clients
//   asking at once each start a search, wait for one of the database's four connections holding what
//   they built, and live long enough for the JavaScript heap to keep it, and the DuckDB results it
//   points to, until a full collection: the server grew from 600 MB to 1.3 GB (bench: fuel-stations).
// - streaming (MAX_STREAMS): a long answer (a full list) streams once one of these places is free;
//   streams never hold an answering place, so that small requests are not kept behind downloads.
// A request waiting in either holds its socket and, for a stream, its first chunk.

export class Admission {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** How many requests hold a place, and how many wait for one. */
  get stats(): { active: number; waiting: number; limit: number } {
    return { active: this.active, waiting: this.waiting.length, limit: this.limit };
  }

  /** Resolves when the request has a place; it must call `leave` once, however it ends. */
  enter(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A request gives its place to the one that has waited longest. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

export interface Admissions {
  answering: Admission;
  streaming: Admission;
}
