// The host screen's sound cues, made with the Web Audio API (nothing to download): a falling
// whistle and a thud for each torpedo, a deeper one for a super torpedo, a fanfare at the end.
// Browsers allow audio only after a click or key on the page: the context is made then. Muting
// is remembered with the rest of the client's sound setting (broadside.muted).
import { isMuted } from '../net/storage';

let ctx: AudioContext | null = null;

export function unlockCues(): void {
  if (ctx) {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    return;
  }
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    ctx = new Ctor();
  } catch {
    ctx = null;
  }
}

export function cuesReady(): boolean {
  return !!ctx && ctx.state === 'running';
}

function tone(freqFrom: number, freqTo: number, start: number, length: number, volume: number, type: OscillatorType = 'sine'): void {
  const c = ctx!;
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = type;
  const t = c.currentTime + start;
  osc.frequency.setValueAtTime(freqFrom, t);
  osc.frequency.exponentialRampToValueAtTime(freqTo, t + length);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(volume, t + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(c.destination);
  osc.start(t);
  osc.stop(t + length + 0.05);
}

export function cue(kind: 'torpedo' | 'super' | 'end' | 'join'): void {
  if (isMuted() || !ctx || ctx.state !== 'running') return;
  if (kind === 'torpedo') {
    tone(1400, 500, 0, 0.45, 0.08);
    tone(120, 50, 0.45, 0.35, 0.3, 'triangle');
  } else if (kind === 'super') {
    tone(1800, 300, 0, 0.6, 0.1, 'sawtooth');
    tone(90, 40, 0.6, 0.6, 0.35, 'triangle');
  } else if (kind === 'join') {
    tone(880, 990, 0, 0.08, 0.04);
  } else {
    [523, 659, 784, 1047].forEach((f, i) => tone(f, f, i * 0.16, 0.3, 0.12, 'triangle'));
  }
}
