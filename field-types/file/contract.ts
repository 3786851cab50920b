/** `file`: document(s), uploaded and stored as image fields are. */
import { defineFieldType } from '../contract.ts';
import { uploadMessage, uploadValueSchema } from '../image/contract.ts';

export const fileType = defineFieldType({
  name: 'file',
  valueSchema: uploadValueSchema,
  message: uploadMessage,
  // A cell shows the stored paths; uploading happens in the form.
  grid: { inline: false },
});
