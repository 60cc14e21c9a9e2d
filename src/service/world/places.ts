import { countryWeights } from './geo.js';
import type { Rand } from './rng.js';
import type { GeoLocation } from './types.js';

/** Draws real places for generated records, weighted like the professional population. */
export class Places {
  private readonly citiesByCountry = new Map<string, GeoLocation[]>();
  private readonly countryByCode = new Map<string, GeoLocation>();
  private readonly weights: [string, number][];

  constructor(geo: readonly GeoLocation[]) {
    for (const g of geo) {
      if (g.kind === 'country') this.countryByCode.set(g.countryCode, g);
      if (g.kind !== 'city') continue;
      const list = this.citiesByCountry.get(g.countryCode) ?? [];
      list.push(g);
      this.citiesByCountry.set(g.countryCode, list);
    }
    this.weights = countryWeights().filter(([code]) => this.citiesByCountry.has(code));
  }

  randomCountryCode(rand: Rand): string {
    return rand.weighted(this.weights);
  }

  randomCity(rand: Rand): GeoLocation {
    return this.randomCityIn(rand, this.randomCountryCode(rand));
  }

  randomCityIn(rand: Rand, countryCode: string): GeoLocation {
    const cities = this.citiesByCountry.get(countryCode);
    if (!cities) throw new Error(`no cities for ${countryCode}`);
    return rand.pick(cities);
  }

  country(countryCode: string): GeoLocation {
    const c = this.countryByCode.get(countryCode);
    if (!c) throw new Error(`unknown country ${countryCode}`);
    return c;
  }
}
