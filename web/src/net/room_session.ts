// Everything a page knows about one room, kept up to date over a Connection: the summary, this
// page's seat, every event seen (numbered, no gaps), the latest observation and legal actions,
// and the action in flight. Reconnecting is invisible: `hello` with the stored token, `events`
// after the last number seen, the unacknowledged action resent with its action id (the server
// answers a repeat from its log, never applying it twice), then a fresh observation.
import { Connection, ConnectionLost, type LinkStatus } from './connection';
import { commitments, nonces, pendingActions, randomHex, tokens } from './storage';
import type { ActError, GameEvent, Json, SeatInfo } from '../games/types';

export interface RoomSummary {
  room: string;
  game: string;
  options: Json;
  phase: 'waiting' | 'playing' | 'over' | 'aborted';
  seats: SeatInfo[];
  spectators: number;
  public: boolean;
  commitment: string;
  url: string;
  last_event: number;
  ended?: Json;
  rematch?: string;
  clock?: Json;
  deadlines?: Record<string, number>;
  /** Every seat; a room of more than 64 lists only its first 65 in `seats` (docs/server.md). */
  seat_count?: number;
  /** Party rooms (protocol 2): players (seats minus the host), connected, and the host's lock. */
  players_count?: number;
  connected_count?: number;
  locked?: boolean;
}

export interface You {
  seat: number;
  owner: boolean;
  name?: string;
  spectator: boolean;
}

export interface RoomState {
  link: LinkStatus;
  /** The room does not exist on this server (or the server refused us for good). */
  missing: boolean;
  summary: RoomSummary | null;
  you: You | null;
  events: GameEvent[];
  observation: Json | null;
  legal: Json | null;
  /** The last event the observation (and `legal`) reflects: behind `events` while a newer one is asked. */
  observedThrough: number;
  toAct: number[];
  over: boolean;
  busy: boolean;
  error: ActError | null;
  record: Json | null;
  /** Short notices for the player: "a move was played for Bob (clock)", "server restarting". */
  notices: string[];
  /** The commitment this page saw before play (kept across reloads), for the fairness check. */
  firstCommitment: string | null;
  /**
   * The rematch room someone asked for while this page was open (the unasked `rematch`): the
   * end screen takes the page there. A summary that already names a rematch (the old room
   * opened again later, e.g. to review it) is not followed: the page stays on the end screen.
   */
  rematchNews: string | null;
}

type Listener = (s: RoomState) => void;

/** The observation reflects every event this page has: its `legal` actions are current. */
export function observationIsCurrent(s: RoomState): boolean {
  const events = s.events;
  return s.observedThrough >= (events.length ? events[events.length - 1]!.n : 0);
}

/** Over or aborted: either way the record (every fleet and hand) is out, if the game started. */
function ended(phase: string | undefined): boolean {
  return phase === 'over' || phase === 'aborted';
}

export class RoomSession {
  state: RoomState;
  private listeners = new Set<Listener>();
  private conn: Connection;
  private observing = false;
  private observeAgain = false;

  /** `watch`: connect without the stored token (the /watch/CODE link), as a spectator. */
  constructor(
    readonly code: string,
    readonly watch = false,
  ) {
    this.state = {
      link: 'connecting',
      missing: false,
      summary: null,
      you: null,
      events: [],
      observation: null,
      legal: null,
      observedThrough: 0,
      toAct: [],
      over: false,
      busy: pendingActions.get(code) !== undefined,
      error: null,
      record: null,
      notices: [],
      firstCommitment: commitments.get(code) ?? null,
      rematchNews: null,
    };
    this.conn = new Connection('/ws/' + code, {
      greet: (c) => this.greet(c),
      onMessage: (m) => this.onMessage(m),
      onStatus: (link) => this.set({ link }),
      onRefused: () => this.set({ missing: true, link: 'closed' }),
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.conn.close();
  }

  private set(patch: Partial<RoomState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l(this.state));
  }

  private notice(text: string): void {
    this.set({ notices: [...this.state.notices.slice(-4), text] });
  }

  private async greet(c: Connection): Promise<void> {
    const saved = this.watch ? undefined : tokens.get(this.code);
    let welcome = await c.request({ cmd: 'hello', protocol: 2, ...(saved ? { token: saved.token } : {}) });
    if (welcome.type === 'welcome' && saved && saved.seat !== welcome.you.seat) {
      // The server says which seat the token holds: a rematch's token is stored before its seat
      // is known (and the seats of a two-seat rematch are swapped). "Your recent games" and the
      // replay read the seat from here.
      tokens.set(this.code, { token: saved.token, seat: welcome.you.seat });
    }
    if (welcome.type === 'error' && saved) {
      // The token is not (or no longer) a seat here: watch instead of failing.
      tokens.set(this.code, undefined);
      this.notice('Your seat token was not accepted; you are watching.');
      welcome = await c.request({ cmd: 'hello', protocol: 2 });
    }
    if (welcome.type !== 'welcome') throw new Error('hello refused');
    // The welcome's summary first: a summary pushed while the nonce below is on its way (the room
    // started meanwhile) is newer and must not be overwritten by this one.
    this.applySummary(welcome.room);
    this.set({ you: welcome.you });
    // Called at once: its `nonce` goes out before the page renders the summary, so before anything
    // the page does on seeing the room (the party host's `start`).
    await this.sendNonce(c, welcome);
    await this.catchUp(c);
    const pending = pendingActions.get(this.code);
    if (pending && welcome.you.seat >= 0) {
      const answer = await c.request({ cmd: 'act', action_id: pending.action_id, action: pending.action as Json });
      this.onActed(answer);
    } else if (pending) {
      pendingActions.set(this.code, undefined);
      this.set({ busy: false });
    }
    if (this.state.summary?.phase !== 'waiting') void this.observe();
    if (ended(this.state.summary?.phase) && !this.state.record) void this.fetchRecord();
  }

  /**
   * A seat this page holds in a room not yet started, for which it sent no nonce (a rematch room:
   * the server seats its players without one; or a token brought from elsewhere), gets one now
   * with `nonce`, so the fairness check can say this page's share went into the draw. Sent in the
   * same task as the welcome's summary is applied, before the page renders it, so it goes out
   * ahead of anything the page does on seeing the room (the party host's `start`). Kept only once
   * the server took it: a room started in between refuses it, and the check then says nothing
   * about this page's nonce.
   */
  private async sendNonce(c: Connection, welcome: Json): Promise<void> {
    if (this.watch || welcome.room?.phase !== 'waiting' || !(welcome.you?.seat >= 0) || nonces.get(this.code)) return;
    const nonce = randomHex(16);
    const answer = await c.request({ cmd: 'nonce', nonce });
    if (answer.type === 'nonce_set') nonces.set(this.code, nonce);
  }

  private async catchUp(c: Connection): Promise<void> {
    const answer = await c.request({ cmd: 'events', after: this.lastEvent() });
    if (answer.type === 'events') {
      this.addEvents(answer.events);
      this.takeDeadlines(answer);
    }
  }

  /**
   * With a clock on, every `events` message carries the deadlines (docs/server.md): a move
   * re-arms the clock of whoever acts next, and no room summary follows a move.
   */
  private takeDeadlines(m: Json): void {
    if (m.deadlines && typeof m.deadlines === 'object' && this.state.summary) {
      this.set({ summary: { ...this.state.summary, deadlines: m.deadlines as Record<string, number> } });
    }
  }

  private lastEvent(): number {
    const e = this.state.events;
    return e.length ? e[e.length - 1]!.n : 0;
  }

  /** Adds events in order; a gap (a message lost in a reconnect) asks for the missing ones. */
  private addEvents(incoming: GameEvent[] | undefined): void {
    if (!incoming || incoming.length === 0) return;
    const events = this.state.events.slice();
    let gap = false;
    for (const e of incoming) {
      const last = events.length ? events[events.length - 1]!.n : 0;
      if (e.n <= last) continue;
      // A "skipped" entry (protocol 2) stands for the numbers from..n: others' placements.
      const first = e.type === 'skipped' && typeof e['from'] === 'number' ? (e['from'] as number) : e.n;
      if (first !== last + 1) {
        gap = true;
        break;
      }
      events.push(e);
    }
    this.set({ events });
    if (gap) void this.catchUp(this.conn).catch(() => undefined);
  }

  private applySummary(summary: RoomSummary): void {
    if (!this.state.firstCommitment && summary.commitment) {
      commitments.set(this.code, summary.commitment);
      this.set({ firstCommitment: summary.commitment });
    }
    const wasOver = ended(this.state.summary?.phase);
    this.set({ summary });
    if (ended(summary.phase) && !wasOver) {
      void this.observe();
      void this.fetchRecord();
    }
  }

  private onMessage(m: Json): void {
    switch (m.type) {
      case 'room':
        this.applySummary(m as RoomSummary);
        if (m.phase !== 'waiting') void this.observe();
        break;
      case 'events':
        this.addEvents(m.events);
        this.takeDeadlines(m);
        void this.observe();
        break;
      case 'ended':
        // `ended` comes after the events of the last move and before the room summary that
        // says the phase changed (docs/server.md): the page moves to the end screen at once.
        if (this.state.summary) {
          this.applySummary({ ...this.state.summary, phase: m.ended?.by === 'abort' ? 'aborted' : 'over', ended: m.ended });
        }
        void this.observe();
        void this.fetchRecord();
        break;
      case 'timeout':
        this.notice(
          m.takeover
            ? `${this.nameOf(m.seat)} ran out of time: a bot plays that seat from now on.`
            : `A move was played for ${this.nameOf(m.seat)} (${m.why === 'absent' ? 'away' : 'out of time'}).`,
        );
        break;
      case 'seat_lost':
        tokens.set(this.code, undefined);
        this.notice('The room’s creator removed you from your seat; you are watching.');
        this.set({ you: { seat: -1, owner: false, spectator: true } });
        break;
      case 'shutdown':
        this.notice('The server is restarting; this page reconnects by itself.');
        break;
      case 'storage':
        // The server lost its database and holds every move until it is back (docs/server.md).
        this.notice(
          m.status === 'reconnecting'
            ? 'The server is reconnecting to its database: your moves wait, nothing is lost.'
            : 'The server’s database is back.',
        );
        break;
      case 'moved':
        // A cluster moved the room to another node (docs/scaling.md): the connection closes
        // next and the page reconnects, resending any move not yet acknowledged.
        this.notice('The room moved to another server; reconnecting…');
        break;
      case 'rematch':
        // Another player asked for a rematch: news to follow (GameOver), not just a code to show.
        if (this.state.summary) this.set({ summary: { ...this.state.summary, rematch: m.room }, rematchNews: m.room });
        break;
      default:
        break;
    }
  }

  nameOf(seat: number): string {
    const s = this.state.summary?.seats[seat];
    return s?.name ?? `Seat ${seat + 1}`;
  }

  /** Asks `observe`; calls that arrive while one is in flight coalesce into one more. */
  async observe(): Promise<void> {
    if (this.observing) {
      this.observeAgain = true;
      return;
    }
    this.observing = true;
    try {
      do {
        this.observeAgain = false;
        const answer = await this.conn.request({ cmd: 'observe' });
        if (answer.type === 'observation') {
          this.set({
            observation: answer.observation ?? null,
            legal: answer.legal ?? null,
            observedThrough: typeof answer.last_event === 'number' ? answer.last_event : this.lastEvent(),
            toAct: answer.to_act ?? [],
            over: Boolean(answer.over),
          });
          if (typeof answer.last_event === 'number' && answer.last_event > this.lastEvent()) {
            await this.catchUp(this.conn);
          }
        }
      } while (this.observeAgain);
    } catch {
      // Offline: the next connection observes again.
    } finally {
      this.observing = false;
    }
  }

  private async fetchRecord(): Promise<void> {
    try {
      const answer = await this.conn.request({ cmd: 'record' });
      if (answer.type === 'record') this.set({ record: answer.record });
    } catch {
      // Retried on the next connection.
    }
  }

  /** Sends one action; kept (with its id) until acknowledged, so a reload resends it. */
  act(action: Json): void {
    if (this.state.busy) return;
    const pending = { action_id: `${Date.now().toString(36)}-${randomHex(4)}`, action };
    pendingActions.set(this.code, pending);
    this.set({ busy: true, error: null });
    this.conn
      .request({ cmd: 'act', action_id: pending.action_id, action })
      .then((answer) => this.onActed(answer))
      .catch((e) => {
        // Lost on the way: the pending action is resent after the reconnect.
        if (!(e instanceof ConnectionLost)) this.set({ busy: false });
      });
  }

  private onActed(answer: Json): void {
    pendingActions.set(this.code, undefined);
    if (answer.type === 'acted') {
      this.addEvents(answer.events);
      this.set({ busy: false, error: null });
      void this.observe();
    } else {
      const e = answer.error ?? {};
      this.set({ busy: false, error: { code: e.code ?? 'error', message: e.message ?? String(e.code ?? 'refused') } });
    }
  }

  /** A request of the room protocol (join, start, add_bot, resign ...), answered as sent. */
  async command(body: Record<string, Json>): Promise<Json> {
    try {
      return await this.conn.request(body);
    } catch {
      return { type: 'error', error: { code: 'offline', message: 'Not connected: try again in a moment.' } };
    }
  }

  /** `extra`: more fields of `join` (a party phone's `device`). */
  async join(name: string, seat?: number, extra: Record<string, Json> = {}): Promise<Json> {
    const nonce = randomHex(16);
    const answer = await this.command({ cmd: 'join', name, nonce, ...(seat !== undefined ? { seat } : {}), ...extra });
    if (answer.type === 'joined') {
      // This connection now holds the seat; the token (null when it already had one) is kept
      // for reloads and reconnects.
      const token = answer.token ?? tokens.get(this.code)?.token;
      if (token) tokens.set(this.code, { token, seat: answer.seat });
      nonces.set(this.code, nonce);
      this.set({ you: { seat: answer.seat, owner: this.state.you?.owner ?? false, name: answer.name, spectator: false } });
    }
    return answer;
  }

  /** Gives the seat up (before the start; after it, leaving resigns). */
  async leave(): Promise<Json> {
    const answer = await this.command({ cmd: 'leave' });
    if (answer.type === 'left') {
      tokens.set(this.code, undefined);
      this.set({ you: { seat: -1, owner: this.state.you?.owner ?? false, spectator: true } });
    }
    return answer;
  }
}
