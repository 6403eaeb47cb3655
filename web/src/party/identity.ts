// A phone's identity at a party: a device id kept in localStorage (sent with `join`, so a player
// the host removed cannot come back from the same browser under a new name) and generated names
// for people who do not want to type one ("Blue Dolphin 42").
import { randomHex } from '../net/storage';

const DEVICE_KEY = 'broadside.device';

export function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = randomHex(16);
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return randomHex(16); // private mode: a new device each time
  }
}

const COLOURS = ['Red', 'Orange', 'Yellow', 'Green', 'Blue', 'Violet', 'Silver', 'Golden', 'Coral', 'Teal', 'Crimson', 'Indigo'];
const CREATURES = ['Dolphin', 'Orca', 'Otter', 'Gull', 'Marlin', 'Narwhal', 'Puffin', 'Seal', 'Squid', 'Turtle', 'Walrus', 'Pelican', 'Manta', 'Albatross', 'Lobster', 'Kraken'];

function pick<T>(list: T[]): T {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return list[a[0]! % list.length]!;
}

export function generatedName(): string {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return `${pick(COLOURS)} ${pick(CREATURES)} ${10 + (a[0]! % 90)}`;
}

/**
 * The host screen's address: `/r/CODE?host`, `?screen` for the big screen alone, `?controls` for
 * the controls alone. `/host/CODE` (which the server serves too) routes to the same screen; the
 * host's own links keep the room's address, so the mode is one query word on the room's link.
 */
export function hostPath(code: string, mode: 'full' | 'screen' | 'controls'): string {
  return `/r/${code}?${mode === 'full' ? 'host' : mode}`;
}

/**
 * The controls link of a party room: the host's token rides in the fragment (never sent to the
 * server). `joinUrl`: the room's link as the server writes it (`summary.url`, its --public-url),
 * whose origin the host's phone can reach; the screen's own origin may be 127.0.0.1.
 */
export function controlsLink(code: string, token: string, joinUrl?: string): string {
  let origin = location.origin;
  try {
    if (joinUrl) origin = new URL(joinUrl).origin;
  } catch {
    // Not a URL: the page's own origin is the best there is.
  }
  return `${origin}${hostPath(code, 'controls')}#k=${encodeURIComponent(token)}`;
}

/** The token in a controls link's fragment, if any (then removed from the address bar). */
export function takeTokenFromHash(): string | null {
  const m = /^#k=([^&]+)/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return decodeURIComponent(m[1]!);
}
