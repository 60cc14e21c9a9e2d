import { createHash } from 'node:crypto';

/**
 * Ids shaped like the network's (and the world's): creation time in
 * milliseconds in the high bits, 22 low bits from a hash of the given parts,
 * so ids sort by time and a simulated id is the same on every run.
 */
export function timeId(atMs: number, ...parts: string[]): string {
  const low = createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0) & 0x3fffff;
  return (BigInt(Math.max(0, Math.floor(atMs))) * 0x400000n + BigInt(low)).toString();
}

/** A fresh id at atMs that `taken` does not know yet. */
export function freshTimeId(atMs: number, taken: (id: string) => boolean, ...parts: string[]): string {
  for (let attempt = 0; ; attempt++) {
    const id = timeId(atMs, ...parts, String(attempt));
    if (!taken(id)) return id;
  }
}

/** Deterministic uniform numbers in [0, 1) from a seed (one sha256 gives eight). */
export function unitFloats(...parts: string[]): number[] {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  const out: number[] = [];
  for (let i = 0; i < 32; i += 4) out.push(digest.readUInt32BE(i) / 0x1_0000_0000);
  return out;
}

/** Numeric id inside a comment URN, or the id itself ("urn:li:comment:(activity:1,2)" → "2"). */
export function commentIdOf(ref: string): string {
  const trimmed = ref.trim();
  return /,\s*(\d+)\)\s*$/.exec(trimmed)?.[1] ?? trimmed;
}
