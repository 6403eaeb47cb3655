// The replay of a finished game (docs/web.md, "Replays"): the record comes from the server
// (`GET /rooms/CODE/record`) or from a file, and the server's `POST /api/replay?seat=N` turns it
// into every step as that seat saw it live. Nothing here draws.
import type { GameEvent, Json, SeatInfo } from '../games/types';

/** What `POST /api/replay` answers (match/replay_view.h). */
export interface ReplayView {
  game: string;
  options: Json;
  seats: number;
  seat: number;
  over: boolean;
  result: Json | null;
  start: { observation: Json; events: GameEvent[] };
  steps: Array<{ seat: number; observation: Json; events: GameEvent[] }>;
}

export class ReplayError extends Error {}

/**
 * Each parsed record's own text, which is what goes to the server: a record's seed is a 64-bit
 * number, which JSON.parse rounds to a double (any seed over 2^53, so nearly every one), and the
 * rounded seed replays other dice, deals and torpedoes ("Action 3 was rejected on replay").
 */
const textOf = new WeakMap<object, string>();

/**
 * Reads a record file's text: a Broadside record, or a clear error. A file of `sim --save` holds
 * one record per line: the first is replayed, and `note` says so.
 */
export function parseRecord(text: string): { record: Json; note: string } {
  let record: Json;
  let note = '';
  let own = text;
  try {
    record = JSON.parse(text);
  } catch {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    try {
      own = lines[0] ?? '';
      record = JSON.parse(own);
    } catch {
      throw new ReplayError('This file is not JSON: choose a record saved by Broadside (broadside-CODE.json).');
    }
    if (lines.length > 1) note = `This file holds ${lines.length} games, one per line (from sim --save): this is the first.`;
  }
  if (!record || typeof record !== 'object' || record.format !== 'broadside-record') {
    throw new ReplayError('This file is not a Broadside record (broadside-CODE.json from a game’s end screen, or play --save).');
  }
  textOf.set(record, own);
  return { record, note };
}

export async function fetchRecord(code: string): Promise<Json> {
  const answer = await fetch('/rooms/' + code + '/record');
  if (answer.status === 404) throw new ReplayError(`Room ${code} has no finished game to replay (no such room, or its game is not over).`);
  if (!answer.ok) throw new ReplayError(`The server could not give the record of ${code} (${answer.status}).`);
  return parseRecord(await answer.text()).record;
}

export async function fetchReplay(record: Json, seat: number): Promise<ReplayView> {
  const answer = await fetch('/api/replay?seat=' + seat, { method: 'POST', body: textOf.get(record) ?? JSON.stringify(record), headers: { 'Content-Type': 'application/json' } });
  const body = (await answer.json().catch(() => null)) as Json;
  if (!answer.ok) throw new ReplayError(body?.error?.message ?? `The server could not replay this record (${answer.status}).`);
  return body as ReplayView;
}

/** The seats as the game views expect them, from the record's `players` (a server's record). */
export function seatsOf(record: Json, count: number): SeatInfo[] {
  const players: Json[] = Array.isArray(record.players) ? record.players : [];
  return Array.from({ length: count }, (_, seat) => {
    const p = players[seat] ?? {};
    if (p.kind === 'human') return { seat, kind: 'human', name: String(p.name ?? '') };
    if (p.kind === 'bot' || p.bot) return { seat, kind: 'bot', bot: String(p.bot ?? 'bot') };
    return { seat, kind: 'human', name: '' };
  });
}

/** Everything a seat had seen after `step` actions: the start's events and each step's. */
export function eventsThrough(view: ReplayView, step: number): GameEvent[] {
  const out = view.start.events.slice();
  for (const s of view.steps.slice(0, step)) out.push(...s.events);
  return out;
}

export function observationAt(view: ReplayView, step: number): Json {
  return step === 0 ? view.start.observation : view.steps[step - 1]!.observation;
}
