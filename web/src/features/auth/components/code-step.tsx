import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { track } from '@/shared/lib/analytics';

import type { SignInMethod } from '../api/login';
import { verifyOtp } from '../api/verify-otp';

/**
 * Step 2: the one-time code, with remember-me; a wrong code's error clears on the next input. When
 * the mail carries only the link (too many wrong codes were tried for the account today), there is
 * no code to type: the step says so and points to the link.
 */
export function CodeStep({
  email,
  method,
  onVerified,
  onBack,
}: {
  email: string;
  method: SignInMethod;
  onVerified: (me: Me) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const verify = useMutation({
    mutationFn: () => verifyOtp(email, code, rememberMe),
    meta: { handledLocally: true },
    onSuccess: (me) => {
      track('log_in');
      onVerified(me);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    track('verification_code');
    verify.mutate();
  }

  if (method === 'link') {
    return (
      <Stack gap="md">
        <Alert color="orange" role="alert" title={t('login.codesSpentTitle')}>
          {t('login.codesSpent', { email })}
        </Alert>
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('login.codeSent', { email })}</Text>
        <TextInput
          label={t('login.code')}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            verify.reset();
          }}
          error={verify.error ? errorText(verify.error) : undefined}
          autoFocus
        />
        <Checkbox label={t('login.rememberMe')} checked={rememberMe} onChange={(event) => setRememberMe(event.currentTarget.checked)} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={verify.isPending}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={verify.isPending} disabled={verify.isPending}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
