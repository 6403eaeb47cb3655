// The shapes of Ship, Captain and Crew's observation and legal objects (docs/protocol.md, "Ship,
// Captain and Crew actions"), and which face each of the five dice shows.
import type { GameEvent } from '../types';

export type Role = 'ship' | 'captain' | 'mate';
export const ROLE_FACE: Record<Role, number> = { ship: 6, captain: 5, mate: 4 };

export interface CrewTurn {
  seat: number;
  throws: number;
  throws_left: number;
  held: Role[];
  crew: [number, number] | null;
  kept: number[];
  last_throw: number[];
}

export interface TallyRound {
  round: number;
  playoff: boolean;
  seats: number[];
  scores: Array<number | null>;
}

export interface CrewObservation {
  options: { mode: string; rounds: number; target: number; stake: number; crew_reroll: string; players: number };
  players: number;
  order_rolls: Array<{ seats: number[]; totals: number[] }>;
  first: number;
  order: number[];
  playing: number[];
  playoff: boolean;
  pot: number;
  round: number;
  tally: TallyRound[];
  target_reached: boolean;
  to_move: number | null;
  totals: number[];
  turn?: CrewTurn;
  over: boolean;
  winner: number | null;
}

export interface CrewChoice {
  type: 'throw' | 'stop';
  keep?: number[];
}

export interface CrewLegal {
  type: 'turn';
  throws_left: number;
  held: Role[];
  crew: [number, number] | null;
  choices: CrewChoice[];
}

/** One of the five dice as shown: its face (null before the first throw) and what it is. */
export interface DieView {
  face: number | null;
  kind: 'held' | 'crew' | 'loose' | 'unthrown';
  role?: Role;
  /** A crew die kept back from the last throw. */
  kept?: boolean;
}

/**
 * The five dice of a turn: the ship, captain and mate set aside, then either the two crew dice
 * or the dice of the last throw that were not set aside (they will be thrown again).
 */
export function diceOf(turn: CrewTurn, events: GameEvent[]): DieView[] {
  const out: DieView[] = turn.held.map((role) => ({ face: ROLE_FACE[role], kind: 'held' as const, role }));
  if (turn.crew) {
    const kept = [...(turn.kept ?? [])];
    for (const face of turn.crew) {
      const k = kept.indexOf(face);
      if (k >= 0) kept.splice(k, 1);
      out.push({ face, kind: 'crew', kept: k >= 0 });
    }
    return out;
  }
  if (turn.throws === 0) {
    while (out.length < 5) out.push({ face: null, kind: 'unthrown' });
    return out;
  }
  // The faces set aside by the last throw are in `held` already: take them out of that throw.
  const last = [...events].reverse().find((e) => e.type === 'throw' && e.seat === turn.seat);
  const setAside = (last?.['set_aside'] as Role[] | undefined) ?? [];
  const loose = [...(turn.last_throw ?? [])];
  for (const role of setAside) {
    const i = loose.indexOf(ROLE_FACE[role]);
    if (i >= 0) loose.splice(i, 1);
  }
  for (const face of loose.slice(0, 5 - out.length)) out.push({ face, kind: 'loose' });
  while (out.length < 5) out.push({ face: null, kind: 'unthrown' });
  return out;
}
