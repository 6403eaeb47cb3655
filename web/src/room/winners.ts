// Who won, from the room's `ended` (by game, resignation, timeout, claim or abort) and the
// game's own result: a list, because Royale and the party game can have several winners.
import type { Json } from '../games/types';

export function winnersOf(ended: Json | undefined): number[] {
  if (!ended) return [];
  if (typeof ended.winner === 'number') return [ended.winner];
  const result = ended.result ?? {};
  if (Array.isArray(result.winners)) return result.winners as number[];
  if (typeof result.winner === 'number') return [result.winner];
  return [];
}

/**
 * `leftSeat`: the seat this page's player left (resigned, or lost to the clock) and a bot took
 * over: it is not "you" any more (a bot won it, not the player), but it is named as theirs.
 */
export function endingText(ended: Json | undefined, nameOf: (s: number) => string, mySeat: number, leftSeat = -1): string {
  if (!ended) return 'Game over';
  if (ended.by === 'abort') return 'The game was called off before it began.';
  const winners = winnersOf(ended);
  const names = winners.map((s) => (s === mySeat ? 'You' : s === leftSeat ? `${nameOf(s)} (in your seat)` : nameOf(s)));
  const how =
    ended.by === 'resign' ? ` (${nameOf(ended.seat)} resigned)`
    : ended.by === 'timeout' ? ` (${nameOf(ended.seat)} ran out of time)`
    : ended.by === 'claim' ? ` (${nameOf(ended.seat)} left the game)`
    : '';
  if (winners.length === 0) return 'Game over: a draw' + how + '.';
  if (winners.length === 1 && winners[0] === mySeat) return 'You win' + how + '!';
  if (mySeat >= 0 && !winners.includes(mySeat)) {
    return `You lose: ${names.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}${how}.`;
  }
  return `${names.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}${how}.`;
}
