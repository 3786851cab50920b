/**
 * The server side of `reviewOnChange` (contract.ts): in the edit's transaction, just before the row is written, the
 * state moves back with the new certificate (both commit together) and the answer says which certificates changed.
 */
import type { CapabilityServer } from '../server-part.ts';
import { reopenedMessage, reopeningChanges } from './contract.ts';

export const reviewOnChangeServer: CapabilityServer = {
  hooksFor(entity) {
    const rule = entity.schema.reviewOnChange;
    if (!rule) return undefined;
    return {
      beforeWrite(event) {
        if (!event.existing) return;
        const labels = reopeningChanges(entity.schema, event.existing, event.record);
        if (labels.length === 0) return;
        // The state field is read-only (or owned by operations): the engine writes what a hook puts in the record.
        event.record[rule.field] = rule.to;
        event.message = reopenedMessage(labels);
      },
    };
  },
};
