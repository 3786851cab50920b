/** The Quill 2 editor behind RichTextWidget (its own chunk). Emits undefined for an empty document. */
import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { purifyHtml } from '../../renderers/shared/html.ts';

export interface QuillEditorProps {
  id: string;
  value: string;
  placeholder?: string;
  readOnly?: boolean;
  onChange: (html: string | undefined) => void;
}

export default function QuillEditor({ id, value, placeholder, readOnly, onChange }: QuillEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Quill | null>(null);
  const emitted = useRef<string | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const container = element.appendChild(document.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      placeholder,
      readOnly,
      modules: { toolbar: [[{ header: [1, 2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], ['link', 'clean']] },
    });
    editor.current = quill;
    quill.on('text-change', () => {
      const empty = quill.getText().trim() === '' && !quill.root.querySelector('img');
      const html = empty ? undefined : quill.getSemanticHTML();
      emitted.current = html;
      onChangeRef.current(html);
    });
    return () => {
      editor.current = null;
      element.innerHTML = '';
    };
    // The editor is built once; value changes are applied below.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const quill = editor.current;
    if (!quill || value === (emitted.current ?? '')) return;
    quill.setContents(quill.clipboard.convert({ html: purifyHtml(value) }), 'silent');
    emitted.current = value;
  }, [value]);

  useEffect(() => {
    editor.current?.enable(!readOnly);
  }, [readOnly]);

  return <div id={id} ref={host} className="rich-text-editor" />;
}
