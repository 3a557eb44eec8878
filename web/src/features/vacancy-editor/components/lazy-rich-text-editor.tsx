import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The text editor, fetched with Quill the first time a text is shown; its place is kept meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description}>
          <Skeleton h={256} mt={4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
