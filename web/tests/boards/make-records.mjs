// classic.json, weapons.json and crew.json are the first games of `broadside sim classic --seed 4
// --save`, `sim classic --seed 3 --weapons all --save` and `sim crew --seed 3 --save`. This script
// makes the other fixed games that the board screenshot tests replay (boards-screens.spec.ts): a
// Royale game of bots (Ann resigns at once, so a bot plays her seat too) and a party game of two players whose torpedoes the host fires, each
// played on a real server and saved as its record. The records are committed; the server's seed
// is random, so running this again makes other games (and needs new baselines).
//   node tests/boards/make-records.mjs http://127.0.0.1:PORT
import { writeFileSync } from 'node:fs';
import WebSocket from 'ws';

const base = process.argv[2];
const ws = base.replace(/^http/, 'ws');

function client(path) {
  const socket = new WebSocket(ws + path);
  let id = 0;
  const waiting = new Map();
  socket.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.id !== undefined && waiting.has(m.id)) {
      waiting.get(m.id)(m);
      waiting.delete(m.id);
    }
  });
  const ready = new Promise((ok) => socket.once('open', ok));
  return {
    async request(body) {
      await ready;
      const n = ++id;
      return new Promise((ok) => {
        waiting.set(n, ok);
        socket.send(JSON.stringify({ ...body, id: n }));
      });
    },
    close: () => socket.close(),
  };
}

async function hello(path, token) {
  const c = client(path);
  const w = await c.request({ cmd: 'hello', protocol: 2, ...(token ? { token } : {}) });
  if (w.type !== 'welcome') throw new Error(JSON.stringify(w));
  return c;
}

async function record(room) {
  for (;;) {
    const r = await fetch(`${base}/rooms/${room}/record`);
    if (r.ok) return r.text();
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

// Royale: four bots, watched by the creator.
{
  const lobby = await hello('/ws');
  const made = await lobby.request({ cmd: 'create', name: 'Ann', game: 'royale', seat: 0, bots: [1, 2, 3].map((seat) => ({ seat, bot: 'royale-eager' })) });
  if (made.type !== 'room_created') throw new Error(JSON.stringify(made));
  const room = await hello('/ws/' + made.room, made.token);
  console.log(await room.request({ cmd: 'start' }));
  console.log(await room.request({ cmd: 'resign' }));
  writeFileSync(new URL('./royale.json', import.meta.url), await record(made.room));
  room.close();
  lobby.close();
}

// The party game: Ann and Bob place fixed fleets; the host fires to the end.
{
  const lobby = await hello('/ws');
  const made = await lobby.request({ cmd: 'create', name: 'Host', game: 'party', options: { players: 2 }, seat: 0 });
  if (made.type !== 'room_created') throw new Error(JSON.stringify(made));
  const fleets = [
    ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'],
    ['A1 down', 'B1 down', 'C1 down', 'D1 down', 'E1 down', 'F1 down'],
  ];
  const players = [];
  for (const [i, name] of ['Ann', 'Bob'].entries()) {
    const j = await (await hello('/ws/' + made.room)).request({ cmd: 'join', name, seat: i + 1 });
    if (j.type !== 'joined') throw new Error(JSON.stringify(j));
    players.push(await hello('/ws/' + made.room, j.token));
  }
  const host = await hello('/ws/' + made.room, made.token);
  console.log(await host.request({ cmd: 'start' }));
  for (const [i, p] of players.entries()) console.log((await p.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: fleets[i] } })).type);
  for (let n = 0; ; ++n) {
    const a = await host.request({ cmd: 'act', action_id: 't' + n, action: { type: 'fire' } });
    if (a.type !== 'acted') { console.log(a); break; }
  }
  writeFileSync(new URL('./party.json', import.meta.url), await record(made.room));
  process.exit(0);
}
