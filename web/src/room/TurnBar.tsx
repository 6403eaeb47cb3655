// Whose turn it is, in the page and in the tab title (a "●" while it is yours, so a player in
// another tab sees it), a chime when your turn begins (muted by a remembered switch), and the
// turn clock counting down from the server's deadline.
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { isMuted, setMuted } from '../net/storage';
import { chime } from '../ui/sound';

function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const t = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(t);
  }, [active]);
  return now;
}

export function TurnBar(props: {
  /** The game's title, as the page's heading says it (room/title.ts). */
  title: string;
  code: string;
  seat: number;
  toAct: number[];
  over: boolean;
  nameOf(seat: number): string;
  deadlines?: Record<string, number> | undefined;
}): JSX.Element {
  const mine = !props.over && props.seat >= 0 && props.toAct.includes(props.seat);
  const [muted, setMutedState] = useState(isMuted());
  const wasMine = useRef(false);
  useEffect(() => {
    if (mine && !wasMine.current) chime('turn');
    wasMine.current = mine;
  }, [mine]);

  const others = props.toAct.filter((s) => s !== props.seat);
  const text = props.over
    ? 'Game over'
    : mine
      ? others.length
        ? `Your turn (also ${others.map(props.nameOf).join(', ')})`
        : 'Your turn'
      : props.toAct.length
        ? `Waiting for ${props.toAct.map(props.nameOf).join(', ')}`
        : 'Waiting…';

  useEffect(() => {
    document.title = `${mine ? '● Your turn · ' : props.over ? 'Game over · ' : ''}${props.title} ${props.code} · Broadside`;
  }, [mine, props.over, props.title, props.code]);

  const deadline = props.deadlines ? props.deadlines[String(mine ? props.seat : props.toAct[0])] : undefined;
  const now = useNow(deadline !== undefined && !props.over);
  const left = deadline !== undefined ? Math.max(0, Math.ceil((deadline - now) / 1000)) : null;

  return (
    <div class="row turnbar">
      <div class={'turn' + (mine ? ' mine' : '')} data-testid="turn" aria-live="polite">
        {mine ? '▶ ' : ''}
        {text}
      </div>
      {left !== null ? (
        <span class={'clock' + (left <= 10 ? ' low' : '')} data-testid="clock" aria-label={`${left} seconds left`}>
          Clock {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
        </span>
      ) : null}
      <button
        type="button"
        aria-pressed={muted}
        onClick={() => {
          setMuted(!muted);
          setMutedState(!muted);
        }}
      >
        {muted ? 'Sound off' : '♪ Sound on'}
      </button>
    </div>
  );
}
