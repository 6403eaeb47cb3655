// A seated page that opens a room not yet started sends its fairness nonce right after `hello`
// (docs/web.md, "Fairness"). If the room starts while that nonce is on its way, the summary the
// server pushes then is newer than the welcome's: the page must show the game, not stay in the
// waiting room. Here the answer to the page's `nonce` is held back until the room has started,
// so the push always comes first (in CI it did by chance, and the page stayed waiting).
import { test, expect, createRoom, openRoom, roomClient } from './fixtures';

test('a room that starts while the page sends its nonce: the page shows the game, not the waiting room', async ({ page, server, lobby }) => {
  let nonceSent!: () => void;
  const sent = new Promise<void>((done) => (nonceSent = done));
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.routeWebSocket(/\/ws\//, (ws) => {
    const upstream = ws.connectToServer();
    let nonceId: number | null = null;
    ws.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"cmd":"nonce"')) {
        nonceId = JSON.parse(m).id as number;
        nonceSent();
      }
      upstream.send(m);
    });
    upstream.onMessage((m) => {
      if (typeof m !== 'string') return ws.send(m);
      const message = JSON.parse(m);
      if (nonceId !== null && message.id === nonceId) return void released.then(() => ws.send(m));
      ws.send(m);
      // The start's summary is through: now the nonce's answer may follow it.
      if (message.type === 'room' && message.phase !== 'waiting') release();
    });
  });
  const r = await createRoom(lobby, { game: 'classic', options: { first: 0 }, bots: [{ seat: 1, level: 'easy' }], seat: 0 });
  await openRoom(page, server, r.room, r.token, 0);
  await sent;
  const wire = await roomClient(server, r.room, r.token);
  expect((await wire.request({ cmd: 'start' })).type).toBe('started');
  await released;
  await expect(page.getByTestId('turn')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place fleet' })).toBeVisible();
  wire.close();
});
