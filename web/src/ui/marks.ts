// What the boards share about shots and ships: each seat's latest shot (from the events) and
// where a cell sits in its ship's hull (the classes of ui/marks.css).
import { parseRowLetterCell } from './coords';
import type { GameEvent } from '../games/types';

/** Each seat's latest shot, volley, blast or weapon: the cells it struck (from the events). */
export function lastShots(events: GameEvent[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const e of events) {
    if (typeof e.seat !== 'number' || !Array.isArray(e['shots']) || !e['shots'].length) continue;
    if (e.type !== 'shots' && e.type !== 'blast' && e.type !== 'weapon') continue;
    out.set(e.seat, new Set((e['shots'] as Array<{ cell: string }>).map((s) => s.cell)));
  }
  return out;
}

/** The cells of the latest shot, volley, blast or weapon of anyone (the one that lands now). */
export function latestVolley(events: GameEvent[]): Set<string> {
  for (let i = events.length - 1; i >= 0; --i) {
    const e = events[i]!;
    if (typeof e.seat !== 'number' || !Array.isArray(e['shots']) || !e['shots'].length) continue;
    if (e.type !== 'shots' && e.type !== 'blast' && e.type !== 'weapon') continue;
    return new Set((e['shots'] as Array<{ cell: string }>).map((s) => s.cell));
  }
  return new Set();
}

/**
 * Where a cell sits in its ship, for drawing the ship as one hull across its cells: the hull's
 * direction (hull-h across, hull-v down, hull-one for a ship of one cell) and its bow and stern
 * (hull-start, hull-end), which are rounded.
 */
export function hullClass(cells: string[], name: string, parse: (cell: string) => [number, number] | null = parseRowLetterCell): string {
  const at = cells.map((c) => parse(c)).filter((p): p is [number, number] => p !== null);
  if (at.length < 2) return 'hull hull-one';
  const across = at[0]![0] === at[1]![0];
  const order = at.map((p) => (across ? p[1] : p[0])).sort((a, b) => a - b);
  const me = parse(name);
  const i = me ? (across ? me[1] : me[0]) : -1;
  return `hull ${across ? 'hull-h' : 'hull-v'}${i === order[0] ? ' hull-start' : ''}${i === order[order.length - 1] ? ' hull-end' : ''}`;
}

