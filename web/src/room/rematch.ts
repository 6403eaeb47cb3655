// Going to a rematch room (docs/server.md, "Rematch"): the server seats the same people there
// under the same tokens, so the old room's token is kept for the new code. Its seat is not known
// yet (a two-seat rematch swaps the seats): -1 until the new room's `welcome` says which seat it
// is (RoomSession.greet stores it then).
import { tokens } from '../net/storage';
import { navigate } from '../ui/navigate';

/** `watching`: the page is a /watch/ link (no token used), so it watches the rematch too. */
export function goToRematch(from: string, to: string, watching = false): void {
  const mine = watching ? undefined : tokens.get(from);
  if (mine && !tokens.get(to)) tokens.set(to, { token: mine.token, seat: -1 });
  const path = (watching ? '/watch/' : '/r/') + to;
  if (location.pathname !== path) navigate(path);
}
