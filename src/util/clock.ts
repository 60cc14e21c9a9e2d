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
  /** Milliseconds of this clock per real millisecond (absent: 1). */
  readonly scale?: number;
  /** The unscaled clock this one runs on (absent: this clock is real time). */
  readonly real?: Clock;
}

/**
 * The clock for network I/O: timeouts and latencies are real time even when
 * simulated time runs faster (--time-scale), or a 10 s timeout would be 3 ms.
 */
export function ioClock(clock: Clock): Clock {
  return clock.real ?? clock;
}

/** Simulated milliseconds for `realMs` real milliseconds on this clock. */
export function simulatedMs(clock: Clock, realMs: number): number {
  return realMs * (clock.scale ?? 1);
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
 * activity that takes hours happens in minutes), starting at `startAt`
 * (default: the base clock's now; a restart passes the position it saved).
 * scale 1 from now is the base clock itself.
 */
export function scaledClock(scale: number, base: Clock = systemClock, startAt?: number): Clock {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`time scale must be a finite number > 0, got ${scale}`);
  if (scale === 1 && startAt === undefined) return base;
  const baseOrigin = base.now();
  const origin = startAt ?? baseOrigin;
  return {
    now: () => origin + (base.now() - baseOrigin) * scale,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms / scale),
    scale,
    real: base,
  };
}
