import { proxy } from 'valtio';

/**
 * The rest timer between sets. It lives outside any screen, so it keeps counting while the user
 * moves around the app; `now` and the timer functions are injectable for tests.
 */
export function createRestTimer(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const state = proxy({ endsAt: null as number | null, seconds: 0, label: '' });
  return {
    state,
    start(seconds: number, label: string) {
      state.seconds = seconds;
      state.label = label;
      state.endsAt = now() + seconds * 1000;
    },
    /** Seconds left, never below zero; null when no timer runs. */
    remaining() {
      return state.endsAt === null ? null : Math.max(0, Math.ceil((state.endsAt - now()) / 1000));
    },
    extend(seconds: number) {
      if (state.endsAt !== null) {
        state.endsAt = Math.max(state.endsAt, now()) + seconds * 1000;
        state.seconds += seconds;
      }
    },
    stop() {
      state.endsAt = null;
    },
  };
}

export type RestTimer = ReturnType<typeof createRestTimer>;

/** A short two-tone chime through Web Audio: no sound file to ship or cache. */
export function chime() {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const start = context.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + index * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.25, start + index * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.18 + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + index * 0.18);
    oscillator.stop(start + index * 0.18 + 0.17);
  });
  setTimeout(() => void context.close(), 600);
}
