/** `rows` on the server: a jsonb array (only server-managed tables may declare rows; server code creates them). */
import type { FieldTypeServer } from '../server-part.ts';

export const rowsServer: FieldTypeServer = {
  column: () => 'jsonb',
  toColumn: (value) => JSON.stringify(value),
};
