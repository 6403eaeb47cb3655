// The page routes itself from the address: "/" is the lobby, "/r/CODE" a room (the join link),
// "/watch/CODE" a room watched without taking a seat. The server sends the same page for all.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './app.css';
import { Lobby } from './lobby/Lobby';
import { RoomPage } from './room/RoomPage';
import { unlockAudio } from './ui/sound';
import { navigate } from './ui/navigate';

function route(path: string): { page: 'lobby' } | { page: 'room'; code: string; watch: boolean } {
  const m = /^\/(r|watch)\/([A-Za-z]{5})\/?$/.exec(path);
  if (m) return { page: 'room', code: m[2]!.toUpperCase(), watch: m[1] === 'watch' };
  return { page: 'lobby' };
}

function App() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const r = route(path);
  return (
    <>
      <header class="top">
        <a class="home" href="/" onClick={(e) => { e.preventDefault(); navigate('/'); }}>
          ⚓ Broadside
        </a>
        {r.page === 'room' ? <span class="muted">Room {r.code}</span> : null}
      </header>
      {r.page === 'room' ? <RoomPage key={r.code} code={r.code} watch={r.watch} /> : <Lobby />}
    </>
  );
}

document.addEventListener('pointerdown', unlockAudio, { once: true });
document.addEventListener('keydown', unlockAudio, { once: true });
render(<App />, document.getElementById('app')!);
