// A short tone when it becomes your turn, made with the Web Audio API (no sound files to load).
// Browsers allow audio only after the user has interacted with the page, so the context is
// created lazily on the first click and stays silent until then. Muting is remembered.
import { isMuted } from '../net/storage';

let context: AudioContext | null = null;

export function unlockAudio(): void {
  if (context) return;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
}

export function chime(kind: 'turn' | 'hit' | 'end' = 'turn'): void {
  if (isMuted() || !context || context.state !== 'running') return;
  const notes = kind === 'turn' ? [660, 880] : kind === 'hit' ? [220] : [523, 659, 784];
  const now = context.currentTime;
  notes.forEach((freq, i) => {
    const osc = context!.createOscillator();
    const gain = context!.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.18);
    osc.connect(gain).connect(context!.destination);
    osc.start(now + i * 0.12);
    osc.stop(now + i * 0.12 + 0.2);
  });
}
