// The end of a game: who won and how, the record to download, the fairness check recomputed in
// the page, and the rematch.
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { RoomSession, RoomState } from '../net/room_session';
import { nonces } from '../net/storage';
import { navigate } from '../ui/navigate';
import { checkFairness } from './fairness';
import { goToRematch } from './rematch';
import { endingText } from './winners';

/** `nameOf`: the room page's names, which tell every seat apart (two bots are never both "random bot"). */
export function GameOver(props: { session: RoomSession; state: RoomState; nameOf(seat: number): string }): JSX.Element {
  const { session, state } = props;
  const summary = state.summary!;
  const seat = state.you?.seat ?? -1;
  // A seat a bot took over (a resignation with more than two seats) is no longer the player's.
  const left = seat >= 0 && summary.seats[seat]?.kind === 'bot' ? seat : -1;
  const [message, setMessage] = useState('');
  const check = state.record ? checkFairness(state.record, state.firstCommitment, nonces.get(summary.room)) : null;

  // The same token holds the seat in the rematch room (docs/server.md, "Rematch").
  const goRematch = (code: string) => goToRematch(summary.room, code, session.watch);
  const rematch = async () => {
    const answer = await session.command({ cmd: 'rematch' });
    if (answer.type === 'rematch' && answer.room) {
      goRematch(answer.room);
    } else {
      setMessage(answer.error?.message ?? 'No rematch.');
    }
  };
  // Someone else asked for the rematch while this page was open: everyone goes (docs/web.md,
  // "The end"), as a party phone follows its host. The button below stays as the way there
  // should this page not have moved (or when the old room is opened again later).
  useEffect(() => {
    if (state.rematchNews) goRematch(state.rematchNews);
  }, [state.rematchNews]);

  return (
    <section class="panel stack game-over" data-testid="game-over" aria-labelledby="over-h">
      <h2 id="over-h">{endingText(summary.ended, props.nameOf, left >= 0 ? -1 : seat, left)}</h2>
      <div class="row">
        <a class="button" href={`/rooms/${summary.room}/record`} download={`broadside-${summary.room}.json`}>
          Download the record
        </a>
        <a class="button" href={`/replay/${summary.room}`} data-testid="open-replay"
          onClick={(e) => { e.preventDefault(); navigate('/replay/' + summary.room); }}>
          Replay move by move
        </a>
        {summary.rematch ? (
          <button type="button" class="primary" onClick={() => goRematch(summary.rematch!)}>
            Go to the rematch ({summary.rematch})
          </button>
        ) : seat >= 0 ? (
          <button type="button" class="primary" onClick={rematch}>
            Rematch
          </button>
        ) : null}
      </div>
      {message ? <p role="status">{message}</p> : null}
      <details class="fairness" data-testid="fairness">
        <summary>
          Fairness check:{' '}
          {check === null
            ? 'waiting for the record…'
            : check.commitmentMatches && check.seedMatches
              ? '✔ the draws were fixed before play'
              : '✘ the proof does not match'}
        </summary>
        {check ? (
          <div class="stack">
            <p>
              {check.commitmentMatches ? '✔' : '✘'} The server’s secret seed, revealed now, hashes (SHA-256) to the commitment
              this page was shown before play: <code class="hash">{check.commitmentSeen}</code>.
            </p>
            <p>
              {check.seedMatches ? '✔' : '✘'} The game’s seed ({check.seed}) is the first 8 bytes of SHA-256 of that secret
              and every player’s nonce{check.myNonceUsed === true ? ', yours included' : check.myNonceUsed === false ? ' — but not the nonce this page sent!' : ''}.
            </p>
            <p class="muted">
              What this proves: the server fixed its seed before it saw your nonce, so it could not choose dice, deals or
              torpedoes to suit anyone. What it does not prove: that the server kept the seed secret from another player
              during the game. To re-run every draw of this game, download the record and run{' '}
              <code>broadside replay --verify broadside-{summary.room}.json --commitment {check.commitmentSeen}</code>.
            </p>
          </div>
        ) : null}
      </details>
    </section>
  );
}
