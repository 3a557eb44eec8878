import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { track } from '@/shared/lib/analytics';

import { signInByLink } from '../api/sign-in-by-link';

/**
 * The step a sign-in mail's link opens: signing in takes a click (with remember-me), so nothing but
 * the person's own browser spends the link; a used, expired or other browser's link says why and
 * offers a new mail.
 */
export function LinkStep({ token, onVerified, onNewMail }: { token: string; onVerified: (me: Me) => void; onNewMail: () => void }) {
  const { t } = useTranslation();
  const [rememberMe, setRememberMe] = useState(false);
  const signIn = useMutation({
    mutationFn: () => signInByLink(token, rememberMe),
    meta: { handledLocally: true },
    onSuccess: (me) => {
      track('log_in');
      onVerified(me);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate();
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('login.linkIntro')}</Text>
        {signIn.error && (
          <Alert color="red" role="alert">
            {errorText(signIn.error)}
          </Alert>
        )}
        <Checkbox label={t('login.rememberMe')} checked={rememberMe} onChange={(event) => setRememberMe(event.currentTarget.checked)} />
        <Group justify="space-between">
          <Button variant="default" onClick={onNewMail} disabled={signIn.isPending}>
            {t('login.linkNewMail')}
          </Button>
          <Button type="submit" loading={signIn.isPending} disabled={signIn.isPending}>
            {t('login.linkSignIn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
