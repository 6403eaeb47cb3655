// /?party (or /party): start a party night (choose the edition; the room is created with open seating and
// this browser holds the host's seat) or join one by typing its code.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Connection } from '../net/connection';
import { nonces, randomHex, tokens } from '../net/storage';
import { navigate } from '../ui/navigate';
import { EDITIONS } from './editions';
import { hostPath } from './identity';
import './party-night.css';

export function PartyHome(): JSX.Element {
  const conn = useRef<Connection | null>(null);
  const [edition, setEdition] = useState('rainbow');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    document.title = 'Party night · Broadside';
    const c = new Connection('/ws', {
      greet: async (c) => {
        await c.request({ cmd: 'hello', protocol: 2 });
      },
      onMessage: () => undefined,
      onStatus: () => undefined,
    });
    conn.current = c;
    return () => c.close();
  }, []);

  const host = async (e: Event) => {
    e.preventDefault();
    if (!conn.current) return;
    setStatus('Creating the party…');
    const nonce = randomHex(16);
    const answer = await conn.current
      .request({ cmd: 'create', game: 'party', options: { seating: 'open', players: 0, edition }, seat: 0, name: 'Host', nonce })
      .catch(() => null);
    if (!answer || answer.type !== 'room_created') {
      setStatus(answer?.error?.message ?? 'Not connected to the server: try again in a moment.');
      return;
    }
    tokens.set(answer.room, { token: answer.token, seat: 0 });
    nonces.set(answer.room, nonce);
    navigate(hostPath(answer.room, 'full'));
  };

  const join = (e: Event) => {
    e.preventDefault();
    const c = code.trim().toUpperCase();
    if (!/^[A-Z]{5}$/.test(c)) {
      setStatus('A room code is five letters.');
      return;
    }
    navigate('/r/' + c);
  };

  return (
    <main class="pn-home">
      <h1>Party night</h1>
      <p>Rainbow Armada and European Navy: everyone places six ships on a 6×6 sea on their phone, the host fires 30 torpedoes on the big screen, and whoever has the most ships afloat wins.</p>
      <form class="panel stack" onSubmit={join} aria-labelledby="pn-join-code-h">
        <h2 id="pn-join-code-h">Join a party</h2>
        <div class="field">
          <label for="pn-code">Room code</label>
          <input id="pn-code" type="text" inputMode="text" autoCapitalize="characters" maxLength={5} value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)} />
          <button type="submit" class="primary">Join</button>
        </div>
      </form>
      <form class="panel stack" onSubmit={host} aria-labelledby="pn-host-h">
        <h2 id="pn-host-h">Host a party</h2>
        <fieldset class="pn-editions">
          <legend>Edition</legend>
          {Object.values(EDITIONS).map((ed) => (
            <label key={ed.key}>
              <input type="radio" name="edition" value={ed.key} checked={edition === ed.key} onChange={() => setEdition(ed.key)} />
              <span>
                <strong>{ed.title}</strong>{' '}
                {ed.ships.map((s) => (
                  <span class="pn-swatch pn-swatch-small" style={{ background: s.css, color: s.ink }} title={s.theme} aria-hidden="true">{s.symbol}</span>
                ))}
              </span>
            </label>
          ))}
        </fieldset>
        <p class="muted">Open the host screen on the projector. People join from their phones until your first torpedo; anyone not ready by then gets a random fleet.</p>
        <div class="row">
          <button type="submit" class="primary">Open the host screen</button>
        </div>
      </form>
      {status ? <p role="status" class="notice">{status}</p> : null}
    </main>
  );
}
