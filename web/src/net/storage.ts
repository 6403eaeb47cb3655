// What the page keeps in localStorage: seat tokens per room (a token is the seat: reloading or
// reconnecting takes the seat back), the player's name, the unacknowledged action per room (so
// a reload resends it with the same action id), the commitment first seen per room (for the
// fairness check), the nonce sent, and whether sounds are muted.

export interface SeatToken {
  token: string;
  seat: number;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the game still works, it just will not survive a reload.
  }
}

function perRoom<T>(key: string) {
  return {
    get(room: string): T | undefined {
      return readJson<Record<string, T>>(key, {})[room];
    },
    /** Every room kept, by code (the lobby lists your unfinished games from the tokens). */
    all(): Record<string, T> {
      return readJson<Record<string, T>>(key, {});
    },
    set(room: string, value: T | undefined): void {
      const all = readJson<Record<string, T>>(key, {});
      if (value === undefined) delete all[room];
      else all[room] = value;
      writeJson(key, all);
    },
  };
}

export const tokens = perRoom<SeatToken>('broadside.tokens');
export const pendingActions = perRoom<{ action_id: string; action: unknown }>('broadside.pending');
export const commitments = perRoom<string>('broadside.commitments');
export const nonces = perRoom<string>('broadside.nonces');

export function savedName(): string {
  return readJson<string>('broadside.name', '');
}
export function saveName(name: string): void {
  writeJson('broadside.name', name);
}
export function isMuted(): boolean {
  return readJson<boolean>('broadside.muted', false);
}
export function setMuted(muted: boolean): void {
  writeJson('broadside.muted', muted);
}

/** 128 random bits as hex: a nonce for the fair draw (crypto.getRandomValues works on http). */
export function randomHex(bytes = 16): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}
