import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect, type AddressInfo } from 'node:net';
import { test } from 'node:test';
import { withinMs } from './redis.ts';

/** Holds the event loop, as a full collection or a data set's warm-up does. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test('withinMs: a reply that arrived while the event loop was held is taken, not timed out', async () => {
  let replied: () => void = () => {};
  const sent = new Promise<void>((resolve) => (replied = resolve));
  const server = createServer((socket) =>
    socket.on('data', () => {
      socket.write('PONG');
      replied();
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(socket, 'connect');
  try {
    const reply = new Promise<string>((resolve) => socket.once('data', (data) => resolve(data.toString())));
    socket.write('PING');
    await sent;
    // the reply is in the client's socket; the loop reads it only after 100 ms, past the 20 ms timer
    const answer = withinMs(reply, 20);
    holdEventLoop(100);
    assert.equal(await answer, 'PONG');
  } finally {
    socket.destroy();
    server.close();
  }
});

test('withinMs: a command without a reply fails after its time; one that fails, with its own error', async () => {
  const started = performance.now();
  await assert.rejects(withinMs(new Promise(() => {}), 30), /Command timed out/);
  assert.ok(performance.now() - started >= 29);
  await assert.rejects(withinMs(Promise.reject(new Error('Connection is closed.')), 30), /Connection is closed/);
  assert.equal(await withinMs(Promise.resolve(7), 30), 7);
});
