// The end-of-game fairness check, recomputed in the page (docs/server.md, "Fair draws"): the
// revealed server seed must hash (SHA-256) to the commitment this page saw before play, and the
// match seed must be the first 8 bytes, big-endian, of SHA-256(server_seed ":" nonce_0 ...).
// @noble/hashes does the hashing because crypto.subtle exists only on secure pages (https or
// localhost), and a LAN party is plain http.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Json } from '../games/types';

export interface FairnessCheck {
  /** SHA-256 of the revealed server seed equals the commitment seen before play. */
  commitmentMatches: boolean;
  /** The seed the game was played with follows from the server seed and every nonce. */
  seedMatches: boolean;
  /** This page's own nonce is among the ones the seed came from. */
  myNonceUsed: boolean | null;
  commitmentSeen: string;
  commitmentRevealed: string;
  seed: string;
}

export function derivedSeed(serverSeed: string, nonces: string[]): string {
  const digest = sha256(utf8ToBytes([serverSeed, ...nonces].join(':')));
  let seed = 0n;
  for (let i = 0; i < 8; ++i) seed = (seed << 8n) | BigInt(digest[i]!);
  return seed.toString();
}

export function checkFairness(record: Json, commitmentSeen: string | null, myNonce: string | undefined): FairnessCheck | null {
  const f = record?.fairness;
  if (!f || typeof f.server_seed !== 'string') return null;
  const hashed = bytesToHex(sha256(utf8ToBytes(f.server_seed)));
  const seen = (commitmentSeen ?? f.commitment ?? '').toLowerCase();
  const nonces: string[] = Array.isArray(f.nonces) ? f.nonces : [];
  return {
    commitmentMatches: hashed === seen,
    seedMatches: derivedSeed(f.server_seed, nonces) === String(f.seed),
    myNonceUsed: myNonce ? nonces.includes(myNonce.toLowerCase()) : null,
    commitmentSeen: seen,
    commitmentRevealed: hashed,
    seed: String(f.seed),
  };
}
