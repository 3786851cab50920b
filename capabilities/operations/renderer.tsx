/**
 * The browser side of `operations` and `initialStates` (contract.ts): the list's toolbar and row buttons
 * (renderer-buttons.tsx, with the input dialog, panel drawer and form opener they load when clicked), and the form's
 * fields only operations change — read-only, or on add a choice of the initial states.
 */
import type { CapabilityRenderer } from '../renderer-part.ts';
import { initialValues, transitionFields } from './contract.ts';
import { OperationButtons, rowOperationActions } from './renderer-buttons.tsx';

export const operationsRenderer: CapabilityRenderer = {
  ToolbarButtons: OperationButtons,
  rowActions: rowOperationActions,
  formField(entity, field, mode) {
    if (!transitionFields(entity).has(field)) return undefined;
    // A state the operations own: shown, not set here — a new record offers only its initial states.
    const initial = initialValues(entity, field);
    return mode === 'add' && initial.length > 1 ? { allowedValues: initial } : { disabled: true };
  },
};
