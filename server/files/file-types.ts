/**
 * What may be uploaded: an allow-list by extension, each with its MIME type and, where the format has one, the
 * magic bytes the content must start with — a renamed script does not become a picture. SVG and HTML are absent
 * on purpose: both can carry script that would run on this origin.
 */
export interface FileType {
  mime: string;
  image: boolean;
  /** Accepted leading byte sequences; empty means the format has no reliable signature (plain text). */
  magic: number[][];
}

const ZIP = [[0x50, 0x4b, 0x03, 0x04]];
const OLE = [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]];

export const FILE_TYPES: Record<string, FileType> = {
  jpg: { mime: 'image/jpeg', image: true, magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: 'image/jpeg', image: true, magic: [[0xff, 0xd8, 0xff]] },
  png: { mime: 'image/png', image: true, magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  gif: { mime: 'image/gif', image: true, magic: [[0x47, 0x49, 0x46, 0x38]] },
  bmp: { mime: 'image/bmp', image: true, magic: [[0x42, 0x4d]] },
  webp: { mime: 'image/webp', image: true, magic: [[0x52, 0x49, 0x46, 0x46]] },
  pdf: { mime: 'application/pdf', image: false, magic: [[0x25, 0x50, 0x44, 0x46]] },
  doc: { mime: 'application/msword', image: false, magic: OLE },
  xls: { mime: 'application/vnd.ms-excel', image: false, magic: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', image: false, magic: OLE },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', image: false, magic: ZIP },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', image: false, magic: ZIP },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', image: false, magic: ZIP },
  // OFD (GB/T 33190, China's fixed-layout format for e-receipts and e-invoices) is a zip container.
  ofd: { mime: 'application/ofd', image: false, magic: ZIP },
  zip: { mime: 'application/zip', image: false, magic: ZIP },
  txt: { mime: 'text/plain; charset=utf-8', image: false, magic: [] },
  csv: { mime: 'text/csv; charset=utf-8', image: false, magic: [] },
};

export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(filename);
  return match ? match[1].toLowerCase() : '';
}

/** Whether the bytes look like the type the name claims (text types: no NUL bytes in the first kilobyte). */
export function contentMatches(type: FileType, data: Buffer): boolean {
  if (type.magic.length === 0) return !data.subarray(0, 1024).includes(0);
  return type.magic.some((magic) => magic.every((byte, i) => data[i] === byte));
}
