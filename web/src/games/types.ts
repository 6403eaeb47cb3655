// The contract between the room shell (src/room/) and each game's view (src/games/<game>/).
// The shell owns the connection: it keeps every event this seat has seen, asks `observe` after
// each batch, and sends actions with action ids (resending after a reconnect). A view only draws
// the props and calls `act`.

/** Any JSON value, as the server sends it. Views narrow it to the game's shapes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One numbered event as this seat sees it (others' secrets arrive with `redacted: true`). */
export interface GameEvent {
  n: number;
  type?: string;
  seat?: number;
  redacted?: boolean;
  [key: string]: Json;
}

/** A seat of the room summary. */
export interface SeatInfo {
  seat: number;
  kind: 'human' | 'bot' | 'open';
  name?: string;
  connected?: boolean;
  bot?: string;
}

export interface ActError {
  code: string;
  message: string;
}

export interface GameViewProps {
  /** `classic`, `salvo`, `royale`, `crew` or `party`. */
  game: string;
  /** The room's options, every default filled in (the server's room summary). */
  options: Json;
  /** This page's seat; -1 for a spectator (the public view, `legal` always null). */
  seat: number;
  seats: SeatInfo[];
  /** The latest `observation` object of `observe` (null until the game has started). */
  observation: Json | null;
  /** The latest legal actions of this seat, or null when it has nothing to do now. */
  legal: Json | null;
  toAct: number[];
  /** Every event seen, in order, numbered from 1 without gaps. */
  events: GameEvent[];
  over: boolean;
  /** An action is on its way to the server: inputs should not send another. */
  busy: boolean;
  /** Sends one action of the protocol (`{"type": "fire", "cells": [...]}` ...). */
  act(action: Json): void;
  /** The last refusal of an action (illegal, not your turn ...), cleared by the next action. */
  error: ActError | null;
  /** The whole record once the game is over (every secret revealed), else null. */
  record: Json | null;
  /** Says something to screen readers (a polite live region). */
  announce(text: string): void;
  /** A seat's display name ("Ann", "density bot", "Seat 3"). */
  nameOf(seat: number): string;
}
