/** `richtext` on the server: HTML sanitised against an allow-list before it is validated and stored. */
import sanitizeHtml from 'sanitize-html';
import type { FieldTypeServer } from '../server-part.ts';

/** What rich text may keep: formatting, lists, links, images and tables; no scripts, handlers or styles. */
const RICHTEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class'],
  },
  // Quill marks alignment, indent and lists with ql-* classes.
  allowedClasses: { '*': ['ql-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICHTEXT_POLICY).trim();
}

export const richtextServer: FieldTypeServer = {
  column: () => 'text',
  clean: sanitiseRichText,
};
