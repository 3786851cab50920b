/** `coordinates` on the server: stored as its `lng,lat` text. */
import type { FieldTypeServer } from '../server-part.ts';
import { COORDINATES_MAX } from './contract.ts';

export const coordinatesServer: FieldTypeServer = {
  column: () => `varchar(${COORDINATES_MAX})`,
};
