import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { Response } from 'express';
import { send, type Rendered } from './render.ts';

/** What `send` uses of an Express response; `accepting` is what `write` answers (false: the socket is full). */
class FakeResponse extends EventEmitter {
  destroyed = false;
  accepting = true;
  ended = false;
  /** What waits to be sent: a reader that reads makes it shrink. */
  writableLength = 0;
  statusCode = 0;
  readonly writes: string[] = [];

  constructor(private readonly onWrite: (chunk: string) => void = () => {}) {
    super();
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }

  setHeader(): void {}

  write(chunk: string): boolean {
    this.writes.push(chunk);
    this.onWrite(chunk);
    return this.accepting && !this.destroyed;
  }

  end(chunk?: string): void {
    if (chunk) this.writes.push(chunk);
    this.ended = true;
  }

  asResponse(): Response {
    return this as unknown as Response;
  }
}

/** A body of `count` chunks of 70,000 characters (each more than is ever sent whole), counting how many were pulled. */
function longBody(count: number): { rendered: Rendered; pulled: () => number; closed: () => boolean } {
  let pulled = 0;
  let closed = false;
  const body = (async function* () {
    try {
      for (let i = 0; i < count; i++) {
        pulled++;
        yield String(i % 10).repeat(70_000);
      }
    } finally {
      closed = true;
    }
  })();
  return { rendered: { status: 200, contentType: 'text/plain', body }, pulled: () => pulled, closed: () => closed };
}

test('send: streamed responses take turns, one chunk per turn of the event loop among all of them', async () => {
  let turns = 0;
  let counting = true;
  void (async () => {
    while (counting) {
      await nextLoopTurn();
      turns++;
    }
  })();
  const writes: Array<{ response: string; turn: number }> = [];
  const record = (response: string) => () => writes.push({ response, turn: turns });
  const [a, b] = [new FakeResponse(record('a')), new FakeResponse(record('b'))];
  await Promise.all([send(a.asResponse(), longBody(6).rendered), send(b.asResponse(), longBody(6).rendered)]);
  counting = false;

  assert.ok(a.ended && b.ended);
  assert.equal(a.writes.length, 6);
  const streamed = writes.filter((write, i) => writes.findIndex((other) => other.response === write.response) !== i);
  assert.equal(streamed.map((write) => write.response).join(''), 'ababababab');
  for (let i = 1; i < streamed.length; i++) assert.ok(streamed[i].turn > streamed[i - 1].turn, `two chunks in turn ${streamed[i].turn}`);
});

test('send: nothing more is rendered while the socket is full; it goes on when the socket drains', async () => {
  const response = new FakeResponse();
  response.accepting = false;
  const body = longBody(5);
  const sent = send(response.asResponse(), body.rendered);
  for (let i = 0; i < 20; i++) await nextLoopTurn();
  assert.equal(body.pulled(), 1, 'the first chunk only');

  response.accepting = true;
  response.emit('drain');
  await sent;
  assert.equal(body.pulled(), 5);
  assert.ok(response.ended);
});

test('send: when the client goes away while its socket is full, the body is closed and no more rendered', async () => {
  const response = new FakeResponse();
  response.accepting = false;
  const body = longBody(5);
  const sent = send(response.asResponse(), body.rendered);
  for (let i = 0; i < 5; i++) await nextLoopTurn();
  response.destroyed = true;
  response.emit('close');
  await sent;
  assert.equal(body.pulled(), 1);
  assert.ok(body.closed(), 'the body generator was closed');
  assert.ok(!response.ended);
});

test('send: when the client goes away while the body is still producing its next chunk, the body is closed and send ends', async () => {
  const response = new FakeResponse();
  let produceNext!: () => void;
  const nextChunkWanted = new Promise<void>((resolve) => (produceNext = resolve));
  let resume!: () => void;
  let closed = false;
  const body = (async function* () {
    try {
      yield 'a'.repeat(70_000);
      produceNext();
      await new Promise<void>((resolve) => (resume = resolve));
      yield 'b'.repeat(70_000);
      yield 'c'.repeat(70_000);
    } finally {
      closed = true;
    }
  })();
  const sent = send(response.asResponse(), { status: 200, contentType: 'text/plain', body });
  await nextChunkWanted;
  response.destroyed = true;
  response.emit('close');
  resume();
  await sent;
  assert.ok(closed, 'the body generator was closed');
  assert.ok(!response.writes.some((chunk) => chunk.startsWith('c')));
});

test('send: a reader that takes nothing for stallMs has its response cut; one that takes a little goes on', async () => {
  const stalled = new FakeResponse();
  stalled.accepting = false;
  stalled.writableLength = 100_000;
  const stalledBody = longBody(5);
  const started = performance.now();
  await send(stalled.asResponse(), stalledBody.rendered, { stallMs: 50 });
  assert.ok(performance.now() - started >= 45);
  assert.ok(stalled.destroyed, 'the response was cut');
  assert.ok(!stalled.ended, 'and not ended as if whole');
  assert.ok(stalledBody.closed());
  assert.equal(stalledBody.pulled(), 1);

  const slow = new FakeResponse();
  slow.accepting = false;
  slow.writableLength = 100_000;
  const slowBody = longBody(3);
  const sent = send(slow.asResponse(), slowBody.rendered, { stallMs: 50 });
  // it reads a little every 30 ms, for 300 ms, then all
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    slow.writableLength -= 1000;
  }
  assert.ok(!slow.destroyed, 'a slow reader is not a stalled one');
  slow.accepting = true;
  slow.emit('drain');
  await sent;
  assert.ok(slow.ended);
  assert.equal(slowBody.pulled(), 3);
});

test('send: a long body that may not stream (beforeStreaming says false) writes nothing and is closed', async () => {
  const response = new FakeResponse();
  const body = longBody(3);
  const outcome = await send(response.asResponse(), body.rendered, { headers: { ETag: 'W/"x"' }, beforeStreaming: async () => false });
  assert.equal(outcome, 'refused');
  assert.deepEqual(response.writes, []);
  assert.equal(response.statusCode, 0, 'no status set: the caller answers');
  assert.ok(body.closed());
  const small = new FakeResponse();
  let asked = false;
  const whole = await send(
    small.asResponse(),
    {
      status: 200,
      contentType: 'text/plain',
      body: (async function* () {
        yield 'short';
      })(),
    },
    {
      beforeStreaming: async () => (asked = true),
    },
  );
  assert.equal(whole, 'sent');
  assert.equal(asked, false, 'a body sent whole needs no place to stream');
  assert.deepEqual(small.writes, ['short']);
});
