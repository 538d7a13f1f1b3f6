/**
 * Deterministic demo energy: every value is a pure function of a seed text and an instant, so the first seed
 * and every later top-up agree, and the same database comes out on every machine. No Math.random here.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 32-bit string hash (FNV-1a), the seed of one series. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Uniform in [0, 1) from a seed and an integer (a splitmix-style mix): the seeded random numbers of the demo. */
export function noise(seed: number, index: number): number {
  let value = (seed ^ Math.imul(index | 0, 0x9e3779b1) ^ Math.imul(Math.floor(index / 4_294_967_296), 0x85ebca6b)) >>> 0;
  value = Math.imul(value ^ (value >>> 16), 0x21f0aaad);
  value = Math.imul(value ^ (value >>> 15), 0x735a2d97);
  return ((value ^ (value >>> 15)) >>> 0) / 4_294_967_296;
}

/** Noise that drifts smoothly: random knots every `periodMs`, eased between (weather, wind, clouds). */
export function smoothNoise(seed: number, at: number, periodMs: number): number {
  const position = at / periodMs;
  const knot = Math.floor(position);
  const fraction = position - knot;
  const eased = (1 - Math.cos(Math.PI * fraction)) / 2;
  return noise(seed, knot) * (1 - eased) + noise(seed, knot + 1) * eased;
}

/** UTC offset in hours of a timezone at an instant, cached per hour (the seed asks for it millions of times). */
const offsetCache = new Map<string, number>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
export function utcOffsetHours(timezone: string, at: number): number {
  const hour = Math.floor(at / HOUR);
  const key = `${timezone}:${hour}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    let formatter = offsetFormatters.get(timezone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, timeZoneName: 'longOffset' });
      offsetFormatters.set(timezone, formatter);
    }
    const name = formatter.formatToParts(new Date(hour * HOUR)).find((part) => part.type === 'timeZoneName')!.value;
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3] ?? 0) / 60) : 0;
    offsetCache.set(key, offset);
  }
  return offset;
}

/** Wall-clock facts of an instant in a timezone: hour with fraction, weekday (0 = Monday), day of year. */
export function localClock(timezone: string, at: number) {
  const local = new Date(at + utcOffsetHours(timezone, at) * HOUR);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const weekday = (local.getUTCDay() + 6) % 7;
  const dayOfYear = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 1)) / DAY);
  return { hour, weekday, dayOfYear, month: local.getUTCMonth() + 1, dayIndex: Math.floor(local.getTime() / DAY) };
}

export type WeatherArea = { id: string; latitude: number; longitude: number; meanC: number; amplitudeC: number; timezone: string };

/** Weather stations of the demo objects, with their climate: annual mean and half the summer–winter swing. */
export const WEATHER_AREAS: Record<string, WeatherArea> = {
  'fi-espoo': { id: 'fi-espoo', latitude: 60.2, longitude: 24.7, meanC: 6.5, amplitudeC: 11, timezone: 'Europe/Helsinki' },
  'fi-tampere': { id: 'fi-tampere', latitude: 61.5, longitude: 23.8, meanC: 5.0, amplitudeC: 12, timezone: 'Europe/Helsinki' },
  'fi-jyvaskyla': { id: 'fi-jyvaskyla', latitude: 62.2, longitude: 25.7, meanC: 3.8, amplitudeC: 13, timezone: 'Europe/Helsinki' },
  'fi-rovaniemi': { id: 'fi-rovaniemi', latitude: 66.5, longitude: 25.7, meanC: 1.0, amplitudeC: 14.5, timezone: 'Europe/Helsinki' },
  'ee-tallinn': { id: 'ee-tallinn', latitude: 59.4, longitude: 24.8, meanC: 6.6, amplitudeC: 10.5, timezone: 'Europe/Tallinn' },
  'ee-tartu': { id: 'ee-tartu', latitude: 58.4, longitude: 26.7, meanC: 6.2, amplitudeC: 11.5, timezone: 'Europe/Tallinn' },
  'lv-riga': { id: 'lv-riga', latitude: 56.9, longitude: 24.1, meanC: 7.2, amplitudeC: 10.5, timezone: 'Europe/Riga' },
};

/** Outdoor temperature in °C: season, a daily swing peaking mid-afternoon, and weather fronts of a few days. */
export function temperatureAt(area: WeatherArea, at: number): number {
  const clock = localClock(area.timezone, at);
  const season = -Math.cos((2 * Math.PI * (clock.dayOfYear - 20)) / 365.25); // -1 late January … +1 late July
  const daily = (1.5 + 1.5 * (season + 1)) * Math.cos((2 * Math.PI * (clock.hour - 15)) / 24);
  const winterWeight = 1.6 - (0.6 * (season + 1)) / 2;
  const regional = seedOf('baltic-weather');
  const fronts = (smoothNoise(regional, at, 3 * DAY) - 0.5) * 12 * winterWeight + (smoothNoise(seedOf(area.id), at, 20 * HOUR) - 0.5) * 3;
  return area.meanC + area.amplitudeC * season + daily + fronts;
}

/** Clear-sky solar output per kWp at an instant (0 … ~0.85), from the sun's elevation at the site. */
export function clearSkySolar(area: WeatherArea, at: number): number {
  const date = new Date(at);
  const dayOfYear = Math.floor((at - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY);
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
  const solarHour = date.getUTCHours() + date.getUTCMinutes() / 60 + area.longitude / 15;
  const hourAngle = ((solarHour - 12) * 15 * Math.PI) / 180;
  const latitude = (area.latitude * Math.PI) / 180;
  const elevation = Math.sin(latitude) * Math.sin(declination) + Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle);
  return elevation <= 0 ? 0 : 0.85 * Math.pow(elevation, 1.25);
}

/** Solar output in kW of a plant: clear sky times the day's cloudiness (some days dull, some bright). */
export function solarKw(area: WeatherArea, capacityKwp: number, at: number): number {
  const clouds = smoothNoise(seedOf(`${area.id}:clouds`), at, 9 * HOUR);
  return capacityKwp * clearSkySolar(area, at) * (0.15 + 0.85 * clouds);
}

/** Load shapes of the demo meters: average power in kW at an instant. */
export type LoadProfile =
  | 'electric-heated-house'
  | 'flat'
  | 'summer-cottage'
  | 'public-sauna'
  | 'house'
  | 'common-areas'
  | 'gas-heated-house'
  | 'gas-boiler-house'
  | 'district-heat-flat'
  | 'district-heat-building';

export function loadKw(profile: LoadProfile, area: WeatherArea, seed: number, at: number): number {
  const clock = localClock(area.timezone, at);
  const outdoor = temperatureAt(area, at);
  const jitter = 0.85 + 0.3 * noise(seed, Math.floor(at / (5 * 60_000)));
  const weekend = clock.weekday >= 5;
  const { hour } = clock;
  const morning = hour >= 6.5 && hour < 9 ? 1 : 0;
  const evening = hour >= 17 && hour < 22.5 ? 1 : 0;
  const awake = hour >= 7 && hour < 23 ? 1 : 0;
  const dark = hour < 7.5 || hour >= 16 + 4 * Math.sin((Math.PI * clock.dayOfYear) / 365) ? 1 : 0;
  switch (profile) {
    case 'electric-heated-house': {
      const heating = Math.max(0, 16 - outdoor) * 0.13;
      const waterHeater = hour >= 23 || hour < 3 ? 2.2 : 0; // night-rate boiler
      const sauna = clock.weekday === 5 && hour >= 18 && hour < 20 ? 6 : 0;
      const evCharging = noise(seed, clock.dayIndex) < 0.25 && hour >= 0 && hour < 3 ? 7.4 : 0;
      const appliances = 0.3 + 0.9 * morning + 1.3 * evening + (weekend ? 0.6 : 0.2) * awake;
      return (appliances + heating) * jitter + waterHeater + sauna + evCharging;
    }
    case 'house': {
      const appliances = 0.25 + 0.7 * morning + 1.1 * evening + (weekend ? 0.5 : 0.15) * awake;
      const airConditioning = Math.max(0, outdoor - 24) * 0.3;
      return (appliances + airConditioning) * jitter;
    }
    case 'flat':
      return (0.09 + 0.3 * morning + 0.45 * evening + (weekend ? 0.2 : 0.06) * awake + 0.08 * dark) * jitter;
    case 'summer-cottage': {
      const holiday = clock.month === 7 || (clock.month === 6 && clock.dayOfYear > 172);
      const occupied = holiday || clock.weekday === 5 || (clock.weekday === 4 && hour >= 18) || (clock.weekday === 6 && hour < 16);
      const frostGuard = Math.max(0, 5 - outdoor) * 0.035;
      if (!occupied) return 0.04 + frostGuard * jitter;
      const heating = Math.max(0, 17 - outdoor) * 0.12;
      const sauna = clock.weekday === 5 && hour >= 17 && hour < 19.5 ? 7 : 0;
      return (0.3 + 0.8 * evening + 0.4 * awake + heating) * jitter + sauna;
    }
    case 'public-sauna': {
      const open = clock.weekday !== 0 && hour >= 14 && hour < 22;
      const heatingUp = clock.weekday !== 0 && hour >= 12.5 && hour < 14;
      // Three 15 kW stoves cycling on their thermostats: minute-scale swings the 15-minute data shows.
      const cycling = 0.55 + 0.45 * Math.sin((2 * Math.PI * at) / (40 * 60_000) + noise(seed, clock.dayIndex) * 6);
      const stoves = open ? 45 * cycling * 0.75 : heatingUp ? 45 : 0;
      const building = 1.6 + Math.max(0, 15 - outdoor) * 0.25 + (open ? 2.5 : 0);
      return stoves + building * jitter;
    }
    case 'common-areas':
      return (1.4 + 1.6 * dark + 0.6 * awake + Math.max(0, 5 - outdoor) * 0.05) * jitter;
    case 'gas-heated-house':
    case 'gas-boiler-house':
    case 'district-heat-flat':
    case 'district-heat-building': {
      const scale =
        profile === 'gas-boiler-house' ? 12 : profile === 'district-heat-building' ? 28 : profile === 'district-heat-flat' ? 0.24 : 0.55;
      const space = Math.max(0, 17 - outdoor) * 0.42;
      const hotWater = 0.35 + 0.9 * morning + 0.7 * evening;
      // Night set-back: buildings coast for a few hours and catch up at dawn.
      const setback = hour >= 1 && hour < 5 ? 0.75 : hour >= 5 && hour < 7 ? 1.3 : 1;
      return (space * setback + hotWater) * scale * jitter;
    }
  }
}

/** Bidding-zone price level: Finland cheapest (nuclear, wind), Estonia and Latvia close together. */
const ZONE_LEVEL: Record<string, number> = { FI: 0.72, EE: 1.05, LV: 1.08 };

/**
 * Day-ahead price in €/MWh (two decimals) of the period starting at `at`: a seasonal level, a daily shape with
 * morning and evening peaks, cheaper weekends, wind that sinks prices for days at a time (below zero on windy
 * summer nights in Finland), rare scarcity spikes, and 15-minute wiggle inside the hour.
 */
export function spotEurPerMwh(zone: string, at: number, minutes: number): number {
  const clock = localClock('Europe/Helsinki', at);
  const season = Math.cos((2 * Math.PI * (clock.dayOfYear - 15)) / 365.25); // +1 mid-January
  const level = 62 + 34 * season;
  const { hour } = clock;
  const shape =
    hour < 5
      ? 0.62
      : hour < 7
        ? 0.85
        : hour < 10
          ? 1.32
          : hour < 15
            ? season < 0
              ? 0.78
              : 1.02
            : hour < 17
              ? 1.08
              : hour < 21
                ? 1.42
                : 0.92;
  const weekend = clock.weekday >= 5 ? 0.8 : 1;
  const wind = smoothNoise(seedOf('baltic-wind'), at, 22 * HOUR);
  const windFactor = 1.75 - 1.5 * wind;
  const zoneWiggle = 0.93 + 0.14 * smoothNoise(seedOf(`zone:${zone}`), at, 7 * HOUR);
  let price = level * shape * weekend * windFactor * zoneWiggle * (ZONE_LEVEL[zone] ?? 1);
  const spikeDay = noise(seedOf('spike-days'), clock.dayIndex) < 0.035 + 0.03 * Math.max(0, season);
  if (spikeDay && ((hour >= 7 && hour < 10) || (hour >= 16 && hour < 20)))
    price *= 3.5 + 5 * noise(seedOf('spike-size'), clock.dayIndex * 24 + Math.floor(hour));
  if (zone === 'FI' && wind > 0.82 && (hour < 6 || (season < -0.3 && hour >= 11 && hour < 15)))
    price = -0.5 - 6 * (wind - 0.82) * 10 * noise(seedOf('negative'), Math.floor(at / HOUR));
  if (minutes === 15) price *= 0.94 + 0.12 * noise(seedOf(`quarter:${zone}`), Math.floor(at / (15 * 60_000)));
  return Math.round(price * 100) / 100;
}
