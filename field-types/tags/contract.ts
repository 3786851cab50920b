/** `tags`: free tags, comma-joined on the wire and in the database. */
import { defineFieldType } from '../contract.ts';

export const DEFAULT_TAGS_MAX = 500;
/** Non-empty parts without separators, comma-joined. */
export const TAGS_PATTERN = '^[^,;]+(,[^,;]+)*$';

export const tagsType = defineFieldType({
  name: 'tags',
  valueSchema: (field, base) => ({ ...base, type: 'string', minLength: field.required ? 1 : undefined, maxLength: field.maxLength ?? DEFAULT_TAGS_MAX, pattern: TAGS_PATTERN }),
  message: (field, keyword) => (keyword === 'pattern' ? `${field.label}的标签不能为空，也不能含逗号或分号` : undefined),
  grid: { cell: 'tags' },
});
