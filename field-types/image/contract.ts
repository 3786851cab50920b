/** `image`: picture(s) uploaded through /sys/common/upload; the value is their stored paths, comma-joined. */
import type { FieldDef } from '../../src/contracts/entity.ts';
import { FILE_LIST_MAX_LENGTH, FILE_LIST_PATTERN } from '../../src/contracts/files.ts';
import type { JsonSchemaProperty } from '../../src/contracts/validation/entity-json-schema.ts';
import { defineFieldType, type ValueSchemaBase } from '../contract.ts';

/** Uploads (image and file fields): only paths the upload endpoint hands out. */
export function uploadValueSchema(field: FieldDef, base: ValueSchemaBase): JsonSchemaProperty {
  return {
    ...base,
    type: 'string',
    maxLength: FILE_LIST_MAX_LENGTH,
    // The server also checks they exist in the caller's tenant.
    pattern: FILE_LIST_PATTERN,
    minLength: field.required ? 1 : undefined,
  };
}

export function uploadMessage(field: FieldDef, keyword: string): string | undefined {
  if (keyword === 'required' || keyword === 'minLength') return `请上传${field.label}`;
  if (keyword === 'pattern') return '只能使用通过上传得到的文件';
  if (keyword === 'maxLength') return `${field.label}的文件太多`;
  return undefined;
}

export const imageType = defineFieldType({
  name: 'image',
  valueSchema: uploadValueSchema,
  message: uploadMessage,
  // A cell shows the stored paths; uploading happens in the form.
  grid: { inline: false },
});
