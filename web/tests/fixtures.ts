// A real `broadside serve` per test file (worker-scoped), on a free loopback port with its own
// data directory, serving the freshly built web/dist; and a lobby client over WebSocket (the
// `ws` package) for tests that need a room set up quickly.
import { test as base, expect, type Page, type BrowserContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

export { expect };

// web/ (the package is an ES module: no __dirname).
const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function broadsideBinary(): string {
  const chosen = process.env['BROADSIDE_BIN'];
  if (chosen) return resolve(chosen);
  for (const p of ['../build/release/broadside', '../build/debug/broadside']) {
    const full = resolve(here, p);
    if (existsSync(full)) return full;
  }
  throw new Error('no broadside binary: build it or set BROADSIDE_BIN');
}

export interface Server {
  url: string; // http://127.0.0.1:PORT
  ws: string; // ws://127.0.0.1:PORT
  process: ChildProcess;
  dataDir: string;
  /** Stops (SIGTERM, or SIGKILL with hard) and starts again on the same data and port. */
  restart(hard?: boolean): Promise<void>;
  /** Stops the server (SIGTERM, or SIGKILL with hard); `start` brings it back on the same port. */
  stop(hard?: boolean): Promise<void>;
  start(): Promise<void>;
}

async function startServer(dataDir: string, port = 0, extra: string[] = []): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(
    broadsideBinary(),
    ['serve', '--port', String(port), '--data', dataDir, '--web', resolve(here, process.env['WEB_DIST'] ?? 'dist'), ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const chosen = await new Promise<number>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('serve did not start: ' + err)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    });
    proc.on('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)));
  });
  return { proc, port: chosen };
}

function stopped(proc: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (proc.exitCode !== null || proc.signalCode !== null) ok();
    else proc.on('exit', () => ok());
  });
}

export const test = base.extend<{ lobby: Lobby }, { server: Server; serverArgs: string[] }>({
  // More arguments of `broadside serve` for a file's server: `test.use({ serverArgs:
  // ['--public-url', 'http://10.9.8.7:8080'] })` at the top of the file (Playwright allows a
  // worker's option only there: tests/public-url.spec.ts).
  serverArgs: [[], { scope: 'worker', option: true }],
  server: [
    async ({ serverArgs }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'broadside-web-'));
      let { proc, port } = await startServer(dataDir, 0, serverArgs);
      const server: Server = {
        url: `http://127.0.0.1:${port}`,
        ws: `ws://127.0.0.1:${port}`,
        process: proc,
        dataDir,
        async restart(hard = false) {
          await server.stop(hard);
          await server.start();
        },
        async stop(hard = false) {
          proc.kill(hard ? 'SIGKILL' : 'SIGTERM');
          await stopped(proc);
        },
        async start() {
          ({ proc } = await startServer(dataDir, port, serverArgs));
          server.process = proc;
        },
      };
      await use(server);
      proc.kill('SIGTERM');
      await stopped(proc);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  lobby: async ({ server }, use) => {
    const lobby = await Lobby.open(server.ws + '/ws');
    await use(lobby);
    lobby.close();
  },
});

/** A JSON client of the server's WebSocket protocol, for setting rooms up from a test. */
export class Lobby {
  private next = 1;
  private waiting = new Map<number, (m: any) => void>();
  private constructor(private socket: WebSocket) {
    socket.on('message', (data) => {
      const m = JSON.parse(String(data));
      const w = this.waiting.get(m.id);
      if (w) {
        this.waiting.delete(m.id);
        w(m);
      }
    });
  }
  static async open(url: string): Promise<Lobby> {
    const socket = new WebSocket(url);
    await new Promise((ok, fail) => {
      socket.once('open', ok);
      socket.once('error', fail);
    });
    const lobby = new Lobby(socket);
    await lobby.request({ cmd: 'hello', protocol: 2 });
    return lobby;
  }
  request(body: Record<string, unknown>): Promise<any> {
    const id = this.next++;
    return new Promise((ok) => {
      this.waiting.set(id, ok);
      this.socket.send(JSON.stringify({ ...body, id }));
    });
  }
  close(): void {
    this.socket.close();
  }
}

/**
 * Creates a room from a test (lobby protocol `create`), returning its code and the creator's
 * token. Open the creator's page with `openSeat`.
 */
export async function createRoom(
  lobby: Lobby,
  body: Record<string, unknown>,
): Promise<{ room: string; token: string; seat: number; url: string }> {
  const answer = await lobby.request({ cmd: 'create', name: 'Ann', ...body });
  if (answer.type !== 'room_created') throw new Error('create failed: ' + JSON.stringify(answer));
  return answer;
}

/**
 * Opens the room in a page as the holder of `token` (the page keeps tokens in localStorage
 * under "broadside.tokens"), or as a visitor without one.
 */
export async function openRoom(page: Page, server: Server, room: string, token?: string, seat?: number): Promise<void> {
  if (token !== undefined) {
    await page.goto(server.url + '/healthz');
    await page.evaluate(
      ([room, token, seat]) => {
        const all = JSON.parse(localStorage.getItem('broadside.tokens') ?? '{}');
        all[room as string] = { token, seat };
        localStorage.setItem('broadside.tokens', JSON.stringify(all));
      },
      [room, token, seat ?? 0] as const,
    );
  }
  await page.goto(server.url + '/r/' + room);
}

/** A new browser context (a second player) with the same options as the test's. */
export async function newPlayer(context: BrowserContext): Promise<Page> {
  const browser = context.browser()!;
  const other = await browser.newContext();
  return other.newPage();
}

/** A client of one room's WebSocket (/ws/CODE), already past `hello` (with the token if given). */
export async function roomClient(server: Server, room: string, token?: string): Promise<Lobby> {
  const socket = new WebSocket(`${server.ws}/ws/${room}`);
  await new Promise((ok, fail) => {
    socket.once('open', ok);
    socket.once('error', fail);
  });
  // Lobby's request/answer matching works for any endpoint of the protocol.
  const client = new (Lobby as any)(socket) as Lobby;
  const hello = await client.request({ cmd: 'hello', protocol: 2, ...(token ? { token } : {}) });
  if (hello.type !== 'welcome') throw new Error('hello failed: ' + JSON.stringify(hello));
  return client;
}

/** Takes a seat in a room over the protocol: returns its token and seat number. */
export async function joinRoom(
  server: Server,
  room: string,
  name: string,
  seat?: number,
): Promise<{ token: string; seat: number }> {
  const client = await roomClient(server, room);
  const answer = await client.request({ cmd: 'join', name, ...(seat !== undefined ? { seat } : {}) });
  client.close();
  if (answer.type !== 'joined') throw new Error('join failed: ' + JSON.stringify(answer));
  return { token: answer.token, seat: answer.seat };
}

/** Starts a room as its creator (with `fill`, bots take the open seats). */
export async function startRoom(server: Server, room: string, token: string, fill = false): Promise<void> {
  const client = await roomClient(server, room, token);
  const answer = await client.request({ cmd: 'start', ...(fill ? { fill: true } : {}) });
  client.close();
  if (answer.type !== 'started') throw new Error('start failed: ' + JSON.stringify(answer));
}

/**
 * Holds back every `observation` reply the page's room sockets receive by `ms`, passing all else
 * at once: the window after an action's events in which the page's observation is stale.
 */
export async function holdBackObservations(page: Page, ms: number): Promise<void> {
  await page.routeWebSocket(/\/ws\//, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((m) => upstream.send(m));
    upstream.onMessage((m) => {
      if (typeof m === 'string' && m.includes('"type":"observation"')) setTimeout(() => ws.send(m), ms);
      else ws.send(m);
    });
  });
}

/**
 * A classic or Salvo player's opening in the page: Random, Place fleet, then waits for the turn
 * line to say "Your turn" (the room's `first` is this seat, or the opponent has moved).
 */
export async function placeRandomFleet(page: Page, timeout?: number): Promise<void> {
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByRole('button', { name: 'Place fleet' }).click();
  await expect(page.getByTestId('turn')).toContainText('Your turn', timeout === undefined ? {} : { timeout });
}

/** axe-core on the page as it is now: no serious or critical violation (named when there is). */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')})`),
  ).toEqual([]);
}

/** A party host screen opened from the lobby (`/?party`), Ann and Bob joined from their phones. */
export async function openHostWithTwoPlayers(page: Page, server: Server, device: string): Promise<string> {
  await page.goto(server.url + '/?party');
  await page.getByRole('button', { name: 'Open the host screen' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
  const code = /\/r\/([A-Z]{5})/.exec(page.url())![1]!;
  for (const name of ['Ann', 'Bob']) {
    const phone = await roomClient(server, code);
    expect((await phone.request({ cmd: 'join', name, device: `${device}-${name}` })).type).toBe('joined');
    phone.close();
  }
  await expect(page.getByTestId('host-players')).toHaveText('2');
  return code;
}
