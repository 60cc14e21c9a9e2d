/**
 * Injectable time. Everything time-dependent (limits, quota windows, webhook
 * retries, simulated activity) reads and schedules through a Clock so tests
 * can set the time exactly and never sleep.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs fn once after ms of this clock's time; returns a cancel function. */
  setTimeout(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that moves only when told to; due timers fire in time order. */
export class ManualClock implements Clock {
  private current: number;
  private timers: PendingTimer[] = [];
  private seq = 0;

  constructor(start: number | Date | string = '2026-01-05T00:00:00.000Z') {
    this.current = toMs(start);
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const timer: PendingTimer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward by ms, firing every timer that falls due on the way. */
  advance(ms: number): void {
    this.set(this.current + ms);
  }

  /** Moves time to an absolute instant (never backwards past due timers). */
  set(to: number | Date | string): void {
    const target = toMs(to);
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  /** Number of timers not yet fired (for tests). */
  pendingTimers(): number {
    return this.timers.length;
  }
}

function toMs(t: number | Date | string): number {
  if (typeof t === 'number') return t;
  return new Date(t).getTime();
}

/**
 * Real time sped up by `scale` from the moment it is made (demos: simulated
 * activity that takes hours happens in minutes). scale 1 is the system clock.
 */
export function scaledClock(scale: number, base: Clock = systemClock): Clock {
  if (!(scale > 0)) throw new Error(`time scale must be > 0, got ${scale}`);
  if (scale === 1) return base;
  const origin = base.now();
  return {
    now: () => origin + (base.now() - origin) * scale,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms / scale),
  };
}
