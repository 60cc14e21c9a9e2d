/**
 * Curated real places: countries (ISO 3166-1 alpha-2), their regions and
 * cities. Weights say roughly how many professionals live there, so the
 * population of the synthetic network looks like the real one's.
 */
export interface CountryData {
  code: string;
  name: string;
  weight: number;
  regions: { name: string; cities: string[] }[];
}

export const GEO_DATA: readonly CountryData[] = [
  {
    code: 'US',
    name: 'United States',
    weight: 30,
    regions: [
      { name: 'California', cities: ['San Francisco', 'Los Angeles', 'San Diego', 'San Jose', 'Palo Alto', 'Oakland'] },
      { name: 'New York', cities: ['New York', 'Brooklyn', 'Buffalo'] },
      { name: 'Texas', cities: ['Austin', 'Dallas', 'Houston', 'San Antonio'] },
      { name: 'Washington', cities: ['Seattle', 'Redmond', 'Bellevue'] },
      { name: 'Massachusetts', cities: ['Boston', 'Cambridge'] },
      { name: 'Illinois', cities: ['Chicago'] },
      { name: 'Georgia', cities: ['Atlanta'] },
      { name: 'Colorado', cities: ['Denver', 'Boulder'] },
      { name: 'Florida', cities: ['Miami', 'Orlando', 'Tampa'] },
      { name: 'North Carolina', cities: ['Raleigh', 'Charlotte'] },
    ],
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    weight: 8,
    regions: [
      { name: 'England', cities: ['London', 'Manchester', 'Birmingham', 'Bristol', 'Leeds', 'Cambridge'] },
      { name: 'Scotland', cities: ['Edinburgh', 'Glasgow'] },
      { name: 'Wales', cities: ['Cardiff'] },
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    weight: 6,
    regions: [
      { name: 'Bavaria', cities: ['Munich', 'Nuremberg'] },
      { name: 'Berlin', cities: ['Berlin'] },
      { name: 'Hamburg', cities: ['Hamburg'] },
      { name: 'Hesse', cities: ['Frankfurt am Main'] },
      { name: 'North Rhine-Westphalia', cities: ['Cologne', 'Düsseldorf'] },
    ],
  },
  {
    code: 'FR',
    name: 'France',
    weight: 5,
    regions: [
      { name: 'Île-de-France', cities: ['Paris'] },
      { name: 'Auvergne-Rhône-Alpes', cities: ['Lyon', 'Grenoble'] },
      { name: "Provence-Alpes-Côte d'Azur", cities: ['Marseille', 'Nice'] },
      { name: 'Occitanie', cities: ['Toulouse'] },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    weight: 5,
    regions: [
      { name: 'Ontario', cities: ['Toronto', 'Ottawa', 'Waterloo'] },
      { name: 'Quebec', cities: ['Montréal', 'Québec City'] },
      { name: 'British Columbia', cities: ['Vancouver'] },
      { name: 'Alberta', cities: ['Calgary'] },
    ],
  },
  {
    code: 'IN',
    name: 'India',
    weight: 9,
    regions: [
      { name: 'Karnataka', cities: ['Bengaluru'] },
      { name: 'Maharashtra', cities: ['Mumbai', 'Pune'] },
      { name: 'Telangana', cities: ['Hyderabad'] },
      { name: 'Delhi', cities: ['New Delhi'] },
      { name: 'Tamil Nadu', cities: ['Chennai'] },
    ],
  },
  {
    code: 'AU',
    name: 'Australia',
    weight: 3,
    regions: [
      { name: 'New South Wales', cities: ['Sydney'] },
      { name: 'Victoria', cities: ['Melbourne'] },
      { name: 'Queensland', cities: ['Brisbane'] },
    ],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    weight: 3,
    regions: [
      { name: 'North Holland', cities: ['Amsterdam'] },
      { name: 'South Holland', cities: ['Rotterdam', 'The Hague'] },
      { name: 'Utrecht', cities: ['Utrecht'] },
    ],
  },
  {
    code: 'ES',
    name: 'Spain',
    weight: 3,
    regions: [
      { name: 'Community of Madrid', cities: ['Madrid'] },
      { name: 'Catalonia', cities: ['Barcelona'] },
      { name: 'Valencian Community', cities: ['Valencia'] },
    ],
  },
  {
    code: 'BR',
    name: 'Brazil',
    weight: 4,
    regions: [
      { name: 'São Paulo', cities: ['São Paulo', 'Campinas'] },
      { name: 'Rio de Janeiro', cities: ['Rio de Janeiro'] },
    ],
  },
  {
    code: 'JP',
    name: 'Japan',
    weight: 2,
    regions: [
      { name: 'Tokyo', cities: ['Tokyo'] },
      { name: 'Osaka', cities: ['Osaka'] },
    ],
  },
  { code: 'SG', name: 'Singapore', weight: 2, regions: [{ name: 'Central Region', cities: ['Singapore'] }] },
  { code: 'IE', name: 'Ireland', weight: 2, regions: [{ name: 'Leinster', cities: ['Dublin'] }, { name: 'Munster', cities: ['Cork'] }] },
  { code: 'SE', name: 'Sweden', weight: 2, regions: [{ name: 'Stockholm County', cities: ['Stockholm'] }, { name: 'Skåne County', cities: ['Malmö'] }] },
  {
    code: 'CH',
    name: 'Switzerland',
    weight: 2,
    regions: [
      { name: 'Zurich', cities: ['Zürich'] },
      { name: 'Geneva', cities: ['Geneva'] },
    ],
  },
  {
    code: 'MX',
    name: 'Mexico',
    weight: 2,
    regions: [
      { name: 'Mexico City', cities: ['Mexico City'] },
      { name: 'Jalisco', cities: ['Guadalajara'] },
    ],
  },
  {
    code: 'PL',
    name: 'Poland',
    weight: 2,
    regions: [
      { name: 'Masovian Voivodeship', cities: ['Warsaw'] },
      { name: 'Lesser Poland Voivodeship', cities: ['Kraków'] },
    ],
  },
  {
    code: 'IT',
    name: 'Italy',
    weight: 2,
    regions: [
      { name: 'Lombardy', cities: ['Milan'] },
      { name: 'Lazio', cities: ['Rome'] },
    ],
  },
  { code: 'AE', name: 'United Arab Emirates', weight: 1, regions: [{ name: 'Dubai', cities: ['Dubai'] }, { name: 'Abu Dhabi', cities: ['Abu Dhabi'] }] },
  { code: 'IL', name: 'Israel', weight: 1, regions: [{ name: 'Tel Aviv District', cities: ['Tel Aviv'] }] },
  {
    code: 'ZA',
    name: 'South Africa',
    weight: 1,
    regions: [
      { name: 'Gauteng', cities: ['Johannesburg', 'Pretoria'] },
      { name: 'Western Cape', cities: ['Cape Town'] },
    ],
  },
  { code: 'NG', name: 'Nigeria', weight: 1, regions: [{ name: 'Lagos State', cities: ['Lagos'] }] },
  { code: 'DK', name: 'Denmark', weight: 1, regions: [{ name: 'Capital Region of Denmark', cities: ['Copenhagen'] }] },
  { code: 'PT', name: 'Portugal', weight: 1, regions: [{ name: 'Lisbon', cities: ['Lisbon'] }, { name: 'Porto', cities: ['Porto'] }] },
  { code: 'AT', name: 'Austria', weight: 1, regions: [{ name: 'Vienna', cities: ['Vienna'] }] },
  {
    code: 'CO',
    name: 'Colombia',
    weight: 1,
    regions: [
      { name: 'Bogotá D.C.', cities: ['Bogotá'] },
      { name: 'Antioquia', cities: ['Medellín'] },
    ],
  },
  { code: 'NO', name: 'Norway', weight: 1, regions: [{ name: 'Oslo', cities: ['Oslo'] }] },
  { code: 'FI', name: 'Finland', weight: 1, regions: [{ name: 'Uusimaa', cities: ['Helsinki', 'Espoo'] }] },
  { code: 'BE', name: 'Belgium', weight: 1, regions: [{ name: 'Brussels-Capital Region', cities: ['Brussels'] }, { name: 'Flanders', cities: ['Antwerp', 'Ghent'] }] },
  { code: 'KE', name: 'Kenya', weight: 1, regions: [{ name: 'Nairobi County', cities: ['Nairobi'] }] },
];
