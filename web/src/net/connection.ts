// One WebSocket to the server that comes back by itself: after a drop it reconnects with a
// growing delay (0.5 s doubling to 8 s, at once when the browser says it is online again) and
// runs `greet` (hello, catching up) before anything else is sent. Requests carry an id and
// resolve with the answer of the same id; everything else goes to `onMessage`.
import type { Json } from '../games/types';

export type LinkStatus = 'connecting' | 'open' | 'offline' | 'closed';

export interface ConnectionHandlers {
  /** Runs on every (re)connection before other requests are sent. */
  greet(conn: Connection): Promise<void>;
  onMessage(message: Json): void;
  onStatus(status: LinkStatus): void;
  /** The server refused the connection for good (no such room ...): stop retrying. */
  onRefused?(why: string): void;
}

export class ConnectionLost extends Error {}

export function socketUrl(path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

export class Connection {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private waiting = new Map<number, { ok(m: Json): void; fail(e: Error): void }>();
  private delay = 500;
  private retryTimer: number | undefined;
  private closedByUs = false;
  private greeted = false;
  private queued: Array<() => void> = [];
  private everOpened = false;

  constructor(
    private readonly path: string,
    private readonly handlers: ConnectionHandlers,
  ) {
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  /** Sends a request and waits for its answer (an `error` answer resolves too). */
  request(body: Record<string, Json>): Promise<Json> {
    return new Promise((ok, fail) => {
      const send = () => {
        if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
          fail(new ConnectionLost('offline'));
          return;
        }
        const id = this.nextId++;
        this.waiting.set(id, { ok, fail });
        this.socket.send(JSON.stringify({ ...body, id }));
      };
      if (this.greeted || body['cmd'] === 'hello' || this.inGreeting) send();
      else this.queued.push(send);
    });
  }

  close(): void {
    this.closedByUs = true;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retryTimer);
    this.socket?.close();
    this.handlers.onStatus('closed');
  }

  private inGreeting = false;

  private onOnline = () => {
    if (this.socket === null && !this.closedByUs) {
      clearTimeout(this.retryTimer);
      this.delay = 500;
      this.connect();
    }
  };

  private connect(): void {
    this.handlers.onStatus(this.everOpened ? 'offline' : 'connecting');
    const socket = new WebSocket(socketUrl(this.path));
    this.socket = socket;
    let opened = false;
    let abandoned = false;
    // Likewise a handshake that never completes is abandoned after 8 s (and retried).
    const handshake = window.setTimeout(() => {
      if (opened) return;
      abandoned = true;
      socket.close();
    }, 8000);
    socket.onopen = async () => {
      opened = true;
      window.clearTimeout(handshake);
      this.everOpened = true;
      this.inGreeting = true;
      try {
        // A greeting that hangs (a half-open connection, a server stuck mid-restart) must not
        // leave the page waiting forever: after 8 s the socket is dropped and tried again.
        let timer: number | undefined;
        await Promise.race([
          this.handlers.greet(this),
          new Promise((_, fail) => {
            timer = window.setTimeout(() => fail(new Error('greeting timed out')), 8000);
          }),
        ]).finally(() => window.clearTimeout(timer));
      } catch {
        this.inGreeting = false;
        socket.close();
        return;
      }
      this.inGreeting = false;
      this.greeted = true;
      this.delay = 500;
      this.handlers.onStatus('open');
      const queued = this.queued;
      this.queued = [];
      queued.forEach((send) => send());
    };
    socket.onmessage = (e: MessageEvent) => {
      let message: Json;
      try {
        message = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const id = message?.id;
      if (typeof id === 'number' && this.waiting.has(id)) {
        const w = this.waiting.get(id)!;
        this.waiting.delete(id);
        w.ok(message);
        return;
      }
      this.handlers.onMessage(message);
    };
    socket.onclose = () => {
      window.clearTimeout(handshake);
      if (this.socket !== socket) return; // an abandoned socket closing late
      this.socket = null;
      this.greeted = false;
      const lost = new ConnectionLost('connection lost');
      this.waiting.forEach((w) => w.fail(lost));
      this.waiting.clear();
      if (this.closedByUs) return;
      if (!opened && !this.everOpened && !abandoned) {
        // Refused at the handshake (a room that does not exist answers 404). Ask over HTTP
        // whether the server is there at all, to tell "no such room" from "offline".
        void fetch('/healthz', { cache: 'no-store' })
          .then((r) => {
            if (r.ok) this.handlers.onRefused?.('refused');
            else this.retry();
          })
          .catch(() => this.retry());
        return;
      }
      this.retry();
    };
  }

  private retry(): void {
    if (this.closedByUs) return;
    this.handlers.onStatus('offline');
    this.retryTimer = window.setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }
}
