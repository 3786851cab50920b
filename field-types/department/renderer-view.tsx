/** `department` in lists: by name (the server's `_dictText`). */
import { DirectoryNameCell } from '../../renderers/shared/TextCell.tsx';
import type { FieldTypeView } from '../renderer-part.ts';

export const departmentView: FieldTypeView = { listCell: DirectoryNameCell };
