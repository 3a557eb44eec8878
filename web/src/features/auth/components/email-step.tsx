import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { track } from '@/shared/lib/analytics';
import { useLanguage } from '@/shared/i18n/use-language';

import { login, type SignInMethod } from '../api/login';
import { type Consents, register } from '../api/register';

function DocumentLink({ name, children }: { name: string; children: string }) {
  const language = useLanguage();
  return (
    <Anchor href={`/documents/${name}-${language}.pdf`} target="_blank" rel="noopener" underline="always">
      {children}
    </Anchor>
  );
}

/** Step 1: the e-mail; an unknown e-mail registers with the consents before the sign-in mail is sent. */
export function EmailStep({
  email,
  onEmail,
  onCodeSent,
}: {
  email: string;
  onEmail: (email: string) => void;
  onCodeSent: (method: SignInMethod) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const [unknown, setUnknown] = useState(false);
  const [consents, setConsents] = useState<Consents>({ termsOfUse: false, dataProcessing: false, useOfCookies: false });
  const [consentError, setConsentError] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: login,
    meta: { handledLocally: true },
    onSuccess: ({ known, method }) => (known ? onCodeSent(method) : setUnknown(true)),
  });
  const signUp = useMutation({
    mutationFn: () => register(email.trim(), consents),
    meta: { handledLocally: true },
    onSuccess: (method) => onCodeSent(method),
  });
  const busy = signIn.isPending || signUp.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (unknown) {
      if (!consents.termsOfUse || !consents.dataProcessing || !consents.useOfCookies) {
        setConsentError(t('errors.code.consent_required'));
        return;
      }
      track('register_button');
      signUp.mutate();
      return;
    }
    track('user_email');
    signIn.mutate(email.trim());
  }

  const consent = (key: keyof Consents, label: string) => (
    <Checkbox
      label={label}
      checked={consents[key]}
      onChange={(event) => {
        setConsents({ ...consents, [key]: event.currentTarget.checked });
        setConsentError(null);
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate={false}>
      <Stack gap="md">
        <Text>{t('login.intro')}</Text>
        <TextInput
          type="email"
          label={t('login.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            onEmail(event.currentTarget.value);
            setUnknown(false);
            signIn.reset();
          }}
          error={signIn.error ? errorText(signIn.error) : undefined}
          autoFocus
        />
        <Text size="sm" c="dimmed">
          {t('login.legal')} <DocumentLink name="terms-of-use">{t('login.termsLink')}</DocumentLink> {t('login.and')}{' '}
          <DocumentLink name="data-processing">{t('login.dataProcessingLink')}</DocumentLink>.
        </Text>
        {unknown && (
          <Stack gap="xs">
            <Text fw={500}>{t('login.unknownEmail', { email: email.trim() })}</Text>
            {consent('termsOfUse', t('login.acceptTerms'))}
            {consent('dataProcessing', t('login.acceptDataProcessing'))}
            {consent('useOfCookies', t('login.acceptCookies'))}
            {(consentError || signUp.error) && (
              <Text c="red" size="sm" role="alert">
                {consentError ?? errorText(signUp.error)}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => navigate(`/${language}/`)} disabled={busy}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={busy} disabled={busy}>
            {unknown ? t('login.register') : t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
