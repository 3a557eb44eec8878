import { Container, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { useLanguage } from '@/shared/i18n/use-language';
import { track } from '@/shared/lib/analytics';
import { setMe, useMe } from '@/shared/session/me';
import { fetchMyCompanies } from '@/shared/session/my-companies';
import { notifyError } from '@/shared/ui/notify';
import { useDocumentTitle } from '@/shared/ui/page';

import type { SignInMethod } from '../api/login';
import { registerApplicant } from '../api/register-applicant';
import { ClaimPendingStep } from '../components/claim-pending-step';
import { CodeStep } from '../components/code-step';
import { CompanyPickerStep } from '../components/company-picker-step';
import { CompanyStep } from '../components/company-step';
import { EmailStep } from '../components/email-step';
import { LinkStep } from '../components/link-step';
import { ProfileStep } from '../components/profile-step';
import { RoleStep } from '../components/role-step';
import { landingPath, nextAfterCompanies, nextAfterUser, type Step } from '../lib/flow';

/**
 * `/login`: the six sign-in steps of spec 1 section 4. Query `p` is the return path, `email`
 * prefills, `link` is the token of a sign-in mail's link (the step that signs in with it).
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const returnPath = params.get('p');
  const language = useLanguage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = useMe();
  const [linkToken] = useState(() => params.get('link'));
  const [step, setStep] = useState<Step>(linkToken ? 'link' : 'login');
  const [method, setMethod] = useState<SignInMethod>('code');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [user, setUser] = useState<Me | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t(`login.title.${step}`));

  // the token leaves the address bar at once, so history, bookmarks and shared screens do not keep it
  useEffect(() => {
    if (!params.has('link')) return;
    const rest = new URLSearchParams(params);
    rest.delete('link');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (step === 'login' && signedIn.data) navigate(landingPath(signedIn.data, returnPath, language), { replace: true });
  }, [step, signedIn.data, returnPath, language, navigate]);

  function finish(me: Me) {
    setMe(client, me);
    navigate(landingPath(me, returnPath, language), { replace: true });
  }

  async function proceed(me: Me) {
    setUser(me);
    const next = nextAfterUser(me, returnPath, language);
    setBusy(true);
    try {
      if (next.kind === 'step') setStep(next.step);
      else if (next.kind === 'registerApplicant') await becomeApplicant();
      else if (next.kind === 'checkCompanies') {
        const after = nextAfterCompanies((await fetchMyCompanies()).length);
        if (after.kind === 'step') setStep(after.step);
        else finish(me);
      } else finish(me);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  async function becomeApplicant() {
    const me = await registerApplicant();
    track('new_b2c');
    finish(me);
  }

  async function chooseApplicant() {
    setBusy(true);
    try {
      await becomeApplicant();
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={step === 'role' ? 'sm' : 'xs'} py="xl" w="100%">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t(`login.title.${step}`)}
          </Title>
          {step === 'login' && (
            <EmailStep
              email={email}
              onEmail={setEmail}
              onCodeSent={(sent) => {
                setMethod(sent);
                setStep('verify');
              }}
            />
          )}
          {step === 'verify' && <CodeStep email={email.trim()} method={method} onVerified={proceed} onBack={() => setStep('login')} />}
          {step === 'link' && linkToken && <LinkStep token={linkToken} onVerified={proceed} onNewMail={() => setStep('login')} />}
          {step === 'profile' && user && <ProfileStep me={user} onSaved={proceed} />}
          {step === 'role' && <RoleStep busy={busy} onApplicant={chooseApplicant} onEmployer={() => setStep('company')} />}
          {step === 'company' && <CompanyStep onRegistered={proceed} />}
          {step === 'claimPending' && user && <ClaimPendingStep me={user} onDone={() => finish(user)} />}
          {step === 'employerCompanies' && <CompanyPickerStep onPicked={finish} />}
        </Stack>
      </Paper>
    </Container>
  );
}
