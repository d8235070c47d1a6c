// Admission: how many requests are worked on at once. Two queues, first come first served:
// - answering (MAX_ACTIVE_REQUESTS): a request waits here before any of its work begins, and leaves
//   when its answer is sent or, for a long answer, when it begins to stream. Without it, 200 clients
//   asking at once each start a search, wait for one of the database's four connections holding what
//   they built, and live long enough for the JavaScript heap to keep it, and the DuckDB results it
//   points to, until a full collection: the server grew from 600 MB to 1.3 GB (bench: fuel-stations).
// - streaming (MAX_STREAMS): a long answer (a full list) streams once one of these places is free;
//   streams never hold an answering place, so that small requests are not kept behind downloads.
//   One client address holds at most MAX_STREAMS_PER_CLIENT of them (others pass it in the queue), a
//   stream waits at most STREAM_WAIT_TIMEOUT (then it is refused: a 503), and a stream whose reader
//   stops reading is ended after STREAM_STALL_TIMEOUT (render.ts), so that no client can hold the
//   places for ever.
// A request waiting in either holds its socket and, for a stream, its first chunk.

export interface AdmissionOptions {
  /** The most places one client holds at once (default: every place). */
  perClient?: number;
  /** How long a request may wait for a place (ms); past it `enter` resolves with undefined. Default: for ever. */
  waitMs?: number;
}

/** A place held: give it back once, however the request ends. */
export interface Place {
  leave(): void;
}

export interface AdmissionStats {
  active: number;
  waiting: number;
  limit: number;
  /** Requests refused because they waited longer than `waitMs`, since start. */
  timedOut: number;
}

interface Waiter {
  client: string;
  admit: (place: Place | undefined) => void;
  timer?: NodeJS.Timeout;
}

export class Admission {
  private active = 0;
  private timedOut = 0;
  private readonly waiting: Waiter[] = [];
  /** Places held per client address (only clients holding one). */
  private readonly heldBy = new Map<string, number>();
  readonly perClient: number;
  readonly waitMs: number | undefined;

  constructor(
    readonly limit: number,
    options: AdmissionOptions = {},
  ) {
    this.perClient = options.perClient ?? limit;
    this.waitMs = options.waitMs;
  }

  get stats(): AdmissionStats {
    return { active: this.active, waiting: this.waiting.length, limit: this.limit, timedOut: this.timedOut };
  }

  /**
   * Resolves with a place once the request has one, or with undefined when it waited `waitMs` or
   * `abandoned` fired (its client went away) first. `client` is the address its per-client share counts.
   */
  enter(client = '', abandoned?: AbortSignal): Promise<Place | undefined> {
    if (abandoned?.aborted) return Promise.resolve(undefined);
    if (this.hasRoomFor(client)) return Promise.resolve(this.take(client));
    return new Promise((resolve) => {
      const waiter: Waiter = { client, admit: resolve };
      const giveUp = (timedOut: boolean) => {
        const index = this.waiting.indexOf(waiter);
        if (index === -1) return;
        this.waiting.splice(index, 1);
        clearTimeout(waiter.timer);
        abandoned?.removeEventListener('abort', onAbort);
        if (timedOut) this.timedOut++;
        resolve(undefined);
      };
      const onAbort = () => giveUp(false);
      if (this.waitMs !== undefined) waiter.timer = setTimeout(() => giveUp(true), this.waitMs);
      abandoned?.addEventListener('abort', onAbort, { once: true });
      waiter.admit = (place) => {
        clearTimeout(waiter.timer);
        abandoned?.removeEventListener('abort', onAbort);
        resolve(place);
      };
      this.waiting.push(waiter);
    });
  }

  private hasRoomFor(client: string): boolean {
    return this.active < this.limit && (this.heldBy.get(client) ?? 0) < this.perClient;
  }

  private take(client: string): Place {
    this.active++;
    this.heldBy.set(client, (this.heldBy.get(client) ?? 0) + 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        this.active--;
        const held = this.heldBy.get(client)! - 1;
        if (held === 0) this.heldBy.delete(client);
        else this.heldBy.set(client, held);
        this.admitNext();
      },
    };
  }

  /** The place freed goes to the request that has waited longest among those whose client has room. */
  private admitNext(): void {
    const index = this.waiting.findIndex((waiter) => this.hasRoomFor(waiter.client));
    if (index === -1) return;
    const [next] = this.waiting.splice(index, 1);
    next.admit(this.take(next.client));
  }
}

export interface Admissions {
  answering: Admission;
  streaming: Admission;
  /** How long a stream may go without its reader taking a byte before it is ended (ms); render.ts. */
  streamStallMs: number;
}
