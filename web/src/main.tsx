// The page routes itself from the address: "/" is the lobby, "/r/CODE" a room (the join link),
// "/watch/CODE" a room watched without taking a seat, "/replay/CODE" (or "/replay", for a record
// file) a finished game replayed move by move. The server sends the same page for all.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './app.css';
import { Lobby } from './lobby/Lobby';
import { RoomPage } from './room/RoomPage';
import { unlockAudio } from './ui/sound';
import { navigate } from './ui/navigate';
import { HostPage, type HostMode } from './party/HostScreen';
import { PartyHome } from './party/PartyHome';
import { ReplayPage } from './replay/ReplayPage';

type Route =
  | { page: 'lobby' }
  | { page: 'party' }
  | { page: 'host'; code: string; mode: HostMode }
  | { page: 'room'; code: string; watch: boolean }
  | { page: 'replay'; code: string | null };

function route(path: string, search: string): Route {
  // Party night: the host screen is /r/CODE?host (?screen: the big screen only, ?controls: the
  // controls only; /host/CODE too, where a server serves the page there); /?party hosts or joins.
  const h = /^\/(?:r|host)\/([A-Za-z]{5})\/?$/.exec(path);
  const mode = /^\?(host|screen|controls)\b/.exec(search)?.[1];
  if (h && (mode || path.startsWith('/host/'))) {
    return { page: 'host', code: h[1]!.toUpperCase(), mode: mode === 'screen' ? 'screen' : mode === 'controls' ? 'controls' : 'full' };
  }
  const m = /^\/(r|watch)\/([A-Za-z]{5})\/?$/.exec(path);
  if (m) return { page: 'room', code: m[2]!.toUpperCase(), watch: m[1] === 'watch' };
  const replay = /^\/replay(?:\/([A-Za-z]{5}))?\/?$/.exec(path);
  if (replay) return { page: 'replay', code: replay[1]?.toUpperCase() ?? null };
  if (/^\/party\/?$/.test(path) || /^\?party\b/.test(search)) return { page: 'party' };
  return { page: 'lobby' };
}

function App() {
  const [path, setPath] = useState(location.pathname);
  const [search, setSearch] = useState(location.search);
  useEffect(() => {
    const onPop = () => {
      setPath(location.pathname);
      setSearch(location.search);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const r = route(path, search);
  // The host screen is the whole page (a projector): no header.
  if (r.page === 'host') return <HostPage key={r.code} code={r.code} mode={r.mode} />;
  return (
    <>
      <header class="top">
        <a class="home" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>
          ⚓ Broadside
        </a>
        {r.page === 'room' ? <span class="muted">Room {r.code}</span> : null}
      </header>
      {r.page === 'room' ? (
        <RoomPage key={r.code} code={r.code} watch={r.watch} />
      ) : r.page === 'replay' ? (
        <ReplayPage key={r.code ?? ''} code={r.code} />
      ) : r.page === 'party' ? (
        <PartyHome />
      ) : (
        <Lobby />
      )}
    </>
  );
}

document.addEventListener('pointerdown', unlockAudio, { once: true });
document.addEventListener('keydown', unlockAudio, { once: true });
render(<App />, document.getElementById('app')!);
