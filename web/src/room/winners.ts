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
/** Why a game ended other than by its rules: "Bob resigned", "The game was called off" ... */
export function endedOutsideTheRules(ended: Json | undefined, nameOf: (s: number) => string): string {
  if (!ended) return '';
  if (ended.by === 'abort') return 'The game was called off';
  if (ended.by === 'resign') return `${nameOf(ended.seat)} resigned`;
  if (ended.by === 'timeout') return `${nameOf(ended.seat)} ran out of time`;
  if (ended.by === 'claim') return `${nameOf(ended.seat)} left the game`;
  return '';
}

export function endingText(ended: Json | undefined, nameOf: (s: number) => string, mySeat: number, leftSeat = -1): string {
  if (!ended) return 'Game over';
  if (ended.by === 'abort') return 'The game was called off.';
  const winners = winnersOf(ended);
  const names = winners.map((s) => (s === mySeat ? 'You' : s === leftSeat ? `${nameOf(s)} (in your seat)` : nameOf(s)));
  const why = endedOutsideTheRules(ended, nameOf);
  const how = why ? ` (${why})` : '';
  if (winners.length === 0) return 'Game over: a draw' + how + '.';
  if (winners.length === 1 && winners[0] === mySeat) return 'You win' + how + '!';
  if (mySeat >= 0 && !winners.includes(mySeat)) {
    return `You lose: ${names.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}${how}.`;
  }
  return `${names.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}${how}.`;
}
