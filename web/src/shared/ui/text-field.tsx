import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

import { OptionalLabel } from './optional-label';

export const TEXT_FIELD_MAX_LENGTH = 100;

interface TextFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Shows "count / max" under the field. */
  withCounter?: boolean;
}

/**
 * The text field of spec 1 section 5: required unless told (then the label says "optional"), at
 * most 100 characters, an optional counter, and an error that is also the input's validity message.
 */
export function TextField({ required = true, maxLength = TEXT_FIELD_MAX_LENGTH, withCounter, label, value, onChange, error, description, ...props }: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.setCustomValidity(typeof error === 'string' ? error : '');
  }, [error]);
  const fullLabel = required ? label : <OptionalLabel>{label}</OptionalLabel>;
  return (
    <TextInput
      {...props}
      ref={input}
      required={required}
      maxLength={maxLength}
      label={fullLabel}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      description={description}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      rightSection={
        withCounter ? (
          <Text size="xs" c="dimmed" aria-live="polite">
            {value.length} / {maxLength}
          </Text>
        ) : undefined
      }
      rightSectionWidth={withCounter ? 72 : undefined}
    />
  );
}
