/** `coordinates`: a `lng,lat` pair (longitude -180..180, latitude -90..90), stored as that text. */
import { defineFieldType } from '../contract.ts';

/** Longest stored text: two signed numbers with their decimals and the comma. */
export const COORDINATES_MAX = 64;

const COORDINATE = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,2}(?:\.\d+)?)$/;

/** `lng,lat` → the pair, or undefined when malformed or out of range (-180..180, -90..90). */
export function parseCoordinates(value: string): { lng: number; lat: number } | undefined {
  const match = COORDINATE.exec(value.replace(/\s+/g, ''));
  if (!match) return undefined;
  const lng = Number(match[1]);
  const lat = Number(match[2]);
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return undefined;
  return { lng, lat };
}

export function isCoordinates(value: string): boolean {
  return parseCoordinates(value) !== undefined && !/\s/.test(value);
}

/** Two numbers → the stored text; undefined while either is missing. */
export function formatCoordinates(lng: number | undefined, lat: number | undefined): string | undefined {
  if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
  return `${lng},${lat}`;
}

export const coordinatesType = defineFieldType({
  name: 'coordinates',
  valueSchema: (_field, base) => ({ ...base, type: 'string', maxLength: COORDINATES_MAX, format: 'cn-coordinates' }),
  formats: { 'cn-coordinates': isCoordinates },
  message: (field, keyword) =>
    keyword === 'format' ? `${field.label}应为“经度,纬度”，经度在-180~180之间，纬度在-90~90之间` : undefined,
  // Two numbers in one value: the form's map input edits it, a text cell would not.
  grid: { inline: false },
});
