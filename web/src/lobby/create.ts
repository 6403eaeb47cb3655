// Creating a room from the lobby: the `create` request with a fresh nonce (the player's share of
// the fair draw), then the seat token and nonce kept in this browser, as every room page expects.
import type { Connection } from '../net/connection';
import { nonces, randomHex, tokens } from '../net/storage';
import type { Json } from '../games/types';

/** `url`: the room's join link as the server writes it (its `--public-url`, docs/server.md). */
export type Created = { room: string; url: string } | { error: string };

export async function createKept(conn: Connection | null, body: Record<string, Json>): Promise<Created> {
  const offline = { error: 'Not connected to the server: try again in a moment.' };
  if (!conn) return offline;
  const nonce = randomHex(16);
  let answer: Json;
  try {
    answer = await conn.request({ ...body, cmd: 'create', nonce });
  } catch {
    return offline;
  }
  if (answer.type !== 'room_created') return { error: answer.error?.message ?? 'The server refused the room.' };
  tokens.set(answer.room, { token: answer.token, seat: answer.seat ?? -1 });
  nonces.set(answer.room, nonce);
  // The page's own address is not the link to send: a server bound for a LAN and opened on
  // 127.0.0.1 writes its --public-url into `url`, the address a friend's device can reach.
  const url = typeof answer.url === 'string' && answer.url ? answer.url : `${location.origin}/r/${answer.room}`;
  return { room: answer.room, url };
}

/** "normal" -> "Normal": the bot levels as the server names them, for a select. */
export function levelLabel(level: string): string {
  return level.charAt(0).toUpperCase() + level.slice(1);
}
