import 'quill/dist/quill.snow.css';
import './rich-text-editor.css';

import { Box, Input } from '@mantine/core';
import Quill from 'quill';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { isEmptyDelta } from '../lib/form';

export interface RichTextEditorProps {
  label: string;
  description?: string;
  /** A Quill delta as JSON (`{"ops":[…]}`), or the empty string for no text. */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}

/** Only what the public page renders (shared/lib/delta.ts): headers, bold, italic, underline, links, lists. */
const FORMATS = ['header', 'bold', 'italic', 'underline', 'link', 'list'];
const TOOLBAR = [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline', 'link'], [{ list: 'ordered' }, { list: 'bullet' }], ['clean']];
/** The toolbar's buttons by Quill's own (English) label, with the key of their name in the interface language. */
const BUTTON_NAMES: Record<string, string> = {
  bold: 'editor.bold',
  italic: 'editor.italic',
  underline: 'editor.underline',
  link: 'editor.link',
  'list: ordered': 'editor.orderedList',
  'list: bullet': 'editor.bulletList',
  clean: 'editor.clean',
};
/**
 * Tab and Shift+Tab leave the editor as they leave any field (WCAG 2.1.2, no keyboard trap): Quill's
 * own bindings of Tab (a tab character, a list's indent and outdent) are replaced by ones that let
 * the browser move the focus.
 */
const LEAVE = () => true;
const KEYBOARD = {
  bindings: {
    tab: { key: 'Tab', handler: LEAVE },
    'remove tab': { key: 'Tab', shiftKey: true, handler: LEAVE },
    indent: { key: 'Tab', handler: LEAVE },
    outdent: { key: 'Tab', shiftKey: true, handler: LEAVE },
  },
};
/** The text style picker's choices by their value (no value: normal text). */
const STYLE_NAMES: Record<string, string> = { '2': 'editor.heading2', '3': 'editor.heading3', '': 'editor.normal' };

function readDelta(value: string): { ops: unknown[] } {
  if (isEmptyDelta(value)) return { ops: [] };
  try {
    const parsed = JSON.parse(value) as { ops?: unknown[] } | unknown[];
    return { ops: Array.isArray(parsed) ? parsed : (parsed.ops ?? []) };
  } catch {
    // a text stored before it was rich text
    return { ops: [{ insert: `${value}\n` }] };
  }
}

/**
 * A Quill 2 editor for a vacancy's text (a lazy chunk: Quill is only fetched where a text is
 * written). Reads and writes the delta as JSON, an empty editor being the empty string; a value
 * given from outside (a reset, another vacancy) replaces the text.
 */
export default function RichTextEditor({ label, description, value, onChange, error }: RichTextEditorProps) {
  const { t } = useTranslation('vacancyEditor');
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  /** The value this editor wrote last: its echo from the form must not reset the text (and the cursor). */
  const written = useRef(value);
  const change = useRef(onChange);
  const labelId = useId();
  const descriptionId = useId();

  useEffect(() => {
    change.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const editor = new Quill(container.appendChild(document.createElement('div')), { theme: 'snow', formats: FORMATS, modules: { toolbar: TOOLBAR, keyboard: KEYBOARD } });
    editor.setContents(readDelta(written.current) as never, 'silent');
    const root = editor.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    editor.on('text-change', () => {
      const next = editor.getLength() <= 1 ? '' : JSON.stringify(editor.getContents());
      written.current = next;
      change.current(next);
    });
    container.querySelectorAll('.ql-toolbar button[aria-label]').forEach((button) => {
      button.setAttribute('data-format', button.getAttribute('aria-label') ?? '');
    });
    quill.current = editor;
    return () => {
      quill.current = null;
      container.innerHTML = '';
    };
  }, [labelId]);

  useEffect(() => {
    host.current?.querySelectorAll('.ql-toolbar button[data-format]').forEach((button) => {
      const key = BUTTON_NAMES[button.getAttribute('data-format') ?? ''];
      if (!key) return;
      button.setAttribute('aria-label', t(key));
      button.setAttribute('title', t(key));
    });
    // Quill's text style picker is drawn with spans acting as buttons, named only by CSS
    host.current?.querySelectorAll('.ql-picker-label').forEach((label) => label.setAttribute('aria-label', t('editor.textStyle')));
    host.current?.querySelectorAll('.ql-picker-item').forEach((item) => {
      const key = STYLE_NAMES[item.getAttribute('data-value') ?? ''];
      if (key) item.setAttribute('aria-label', t(key));
    });
  }, [t]);

  useEffect(() => {
    const root = quill.current?.root;
    if (!root) return;
    root.setAttribute('aria-invalid', error ? 'true' : 'false');
    if (description) root.setAttribute('aria-describedby', descriptionId);
    else root.removeAttribute('aria-describedby');
  }, [error, description, descriptionId]);

  useEffect(() => {
    if (value === written.current || !quill.current) return;
    written.current = value;
    quill.current.setContents(readDelta(value) as never, 'silent');
  }, [value]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} description={description} descriptionProps={{ id: descriptionId }} error={error}>
      <Box ref={host} mt={4} className="vakants-rich-text" data-error={error ? true : undefined} />
    </Input.Wrapper>
  );
}
