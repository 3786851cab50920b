/** Stored rich text is sanitised by the server; the browser purifies it again before it reaches the DOM. */
import DOMPurify from 'dompurify';

export function purifyHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}
