import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { TextArea } from '@/shared/ui/text-area';

interface MessageDialogProps {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  requiredText: string;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/** A required message (to cancel) or conclusion (to complete) and one button. */
export function MessageDialog({ opened, title, label, submitLabel, requiredText, pending, error, onSubmit, onClose }: MessageDialogProps) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return setMissing(true);
          onSubmit(text);
        }}
      >
        <Stack>
          <TextArea label={label} required minRows={3} maxLength={2000} value={text} error={missing ? requiredText : undefined} onChange={(e) => { setText(e.currentTarget.value); setMissing(false); }} />
          {error instanceof ApiError && <Alert color="red" role="alert">{errorText(error)}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" loading={pending} color="red">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
