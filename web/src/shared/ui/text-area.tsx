import { Textarea, type TextareaProps } from '@mantine/core';

import { OptionalLabel } from './optional-label';

/**
 * The textarea of spec 1 section 5: it grows with its text (4 rows at first, then up to `maxRows`
 * before it scrolls) and its label says "optional" unless the field is `required` or marked with
 * `withAsterisk` (a text the form itself insists on, such as a message to send).
 */
export function TextArea({ required, withAsterisk, label, minRows = 4, maxRows = 12, ...props }: Omit<TextareaProps, 'autosize'>) {
  const optional = !required && !withAsterisk && label !== undefined;
  return (
    <Textarea
      {...props}
      required={required}
      withAsterisk={withAsterisk}
      label={optional ? <OptionalLabel>{label}</OptionalLabel> : label}
      autosize
      minRows={minRows}
      maxRows={maxRows}
    />
  );
}
