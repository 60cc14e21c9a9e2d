import { scaledClock, type Clock } from '../util/clock.js';
import { getMeta, setMeta, type Db } from './store/db.js';

/** Where the simulated clock stood, saved so a restart resumes there instead of at wall time. */
export const SIM_CLOCK_META = 'simulated_clock_ms';
/** How often (real ms) the position is saved; a kill -9 loses at most this much real time. */
export const SIM_CLOCK_SAVE_EVERY_MS = 1_000;

export interface SimulatedClock {
  clock: Clock;
  /** Saves the position one last time and stops saving. */
  stop(): void;
}

/**
 * Simulated time at `scale`× real time on `base`, resuming from the position
 * the previous run saved when that is ahead of the base clock (with
 * --time-scale it always is): deliveries and activity that were due before a
 * restart are due at once after it, not hours of wall time later.
 */
export function resumeSimulatedClock(db: Db, base: Clock, scale: number): SimulatedClock {
  const saved = Number(getMeta(db, SIM_CLOCK_META));
  const startAt = Number.isFinite(saved) && saved > base.now() ? saved : undefined;
  const clock = scaledClock(scale, base, startAt);
  const save = () => setMeta(db, SIM_CLOCK_META, String(Math.round(clock.now())));
  save();
  let cancel: (() => void) | undefined;
  const loop = () => {
    cancel = base.setTimeout(() => {
      save();
      loop();
    }, SIM_CLOCK_SAVE_EVERY_MS);
  };
  loop();
  return {
    clock,
    stop() {
      cancel?.();
      cancel = undefined;
      save();
    },
  };
}
