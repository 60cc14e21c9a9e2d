/** How the network displays values that the world stores exactly. */
import type { ConnectionDegree, ConnectionDegreeCode } from './account-types.js';

/** "1st", "2nd", "3rd+" (spec 2.17). */
export function degreeLabel(d: ConnectionDegree): '1st' | '2nd' | '3rd+' {
  return d === 1 ? '1st' : d === 2 ? '2nd' : '3rd+';
}

/** "DISTANCE_1" … "DISTANCE_3" (spec 2.12, B4). */
export function degreeDistance(d: ConnectionDegree): 'DISTANCE_1' | 'DISTANCE_2' | 'DISTANCE_3' {
  return `DISTANCE_${d}`;
}

/** People-search network code (G4): F = 1st, S = 2nd, O = 3rd+. */
export function degreeCode(d: ConnectionDegree): ConnectionDegreeCode {
  return d === 1 ? 'F' : d === 2 ? 'S' : 'O';
}

export function degreeFromCode(code: ConnectionDegreeCode): ConnectionDegree {
  return code === 'F' ? 1 : code === 'S' ? 2 : 3;
}

/**
 * Group member count as the network displays it (spec 2.16): exact below
 * 1000; above, the number behind the short form, rounded down so it never
 * overstates: 1,234 → 1,200 ("1.2K"), 45,678 → 45,000 ("45K"),
 * 2,345,678 → 2,300,000 ("2.3M").
 */
export function displayMemberCount(exact: number): number {
  if (exact < 1000) return exact;
  if (exact < 10_000) return Math.floor(exact / 100) * 100;
  if (exact < 1_000_000) return Math.floor(exact / 1000) * 1000;
  return Math.floor(exact / 100_000) * 100_000;
}
