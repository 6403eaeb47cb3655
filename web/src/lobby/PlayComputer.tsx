// "Play the computer": a game and a level (Battleship against a normal bot unless changed), one
// button. The room is made with the player in seat 1 and bots in every other seat, started on the
// room's own socket (the creator's `start`), and the page goes straight to the board.
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Connection } from '../net/connection';
import { navigate } from '../ui/navigate';
import { createKept, levelLabel } from './create';
import { GAME_TITLES, seatCount, type GameInfo } from './games';
import { roomCommand } from './MyRooms';

/** The games a bot can play with you, in the order offered (the party game needs a crowd). */
const COMPUTER_GAMES = ['classic', 'salvo', 'royale', 'crew'];

export function PlayComputer(props: { games: GameInfo[]; conn: Connection | null; name: string; ready: boolean }): JSX.Element {
  const [game, setGame] = useState('classic');
  const [level, setLevel] = useState('normal');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const offered = props.games.filter((g) => COMPUTER_GAMES.includes(g.name));
  const info = props.games.find((g) => g.name === game);
  const levels = info && Object.keys(info.levels).length ? Object.keys(info.levels) : ['easy', 'normal', 'hard'];
  const chosenLevel = levels.includes(level) ? level : levels[Math.floor(levels.length / 2)]!;

  const play = async () => {
    setBusy(true);
    setStatus('Setting up the game…');
    const count = seatCount(game, {}, info);
    const bots = Array.from({ length: count - 1 }, (_, i) => ({ seat: i + 1, level: chosenLevel }));
    const made = await createKept(props.conn, { game, options: {}, name: props.name.trim() || undefined, seat: 0, bots, public: false });
    if ('error' in made) {
      setStatus(made.error);
      setBusy(false);
      return;
    }
    // If the start fails (the connection dropped), the room page still offers Start.
    await roomCommand(made.room, 'start');
    navigate('/r/' + made.room);
  };

  return (
    <section class="panel choice stack" aria-labelledby="computer-h">
      <h2 id="computer-h">Play the computer</h2>
      <p class="muted">A game against a bot, right now. Pick the game and how strong the bot plays.</p>
      <div class="row">
        <div class="field">
          <label for="computer-game">Game</label>
          <select id="computer-game" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
            {(offered.length ? offered.map((g) => g.name) : ['classic']).map((g) => (
              <option value={g}>{GAME_TITLES[g] ?? g}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="computer-level">Level</label>
          <select id="computer-level" value={chosenLevel} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            {levels.map((l) => (
              <option value={l}>{levelLabel(l)}</option>
            ))}
          </select>
        </div>
      </div>
      <button class="primary big" type="button" disabled={!props.ready || busy} onClick={play}>
        Play the computer
      </button>
      {status ? <p role="status" class="notice">{status}</p> : null}
    </section>
  );
}
