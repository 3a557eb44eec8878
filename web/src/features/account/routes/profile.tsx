import { Button, Card, Checkbox, Divider, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { ensureNamespace } from '@/shared/i18n';
import type { Language } from '@/shared/i18n/languages';
import { useLanguage } from '@/shared/i18n/use-language';
import { phoneFieldValue, phoneToStore } from '@/shared/lib/phone';
import { ForYou } from '@/shared/recommendations/components/for-you';
import { loadRecommendationTexts } from '@/shared/recommendations/texts';
import { useMe } from '@/shared/session/me';
import { useUpdateProfile } from '@/shared/session/update-profile';
import { type NameAndPhone, NameAndPhoneFields, type NameAndPhoneErrors, validateNameAndPhone } from '@/shared/ui/name-and-phone-fields';
import { notifySuccess } from '@/shared/ui/notify';
import { DateField } from '@/shared/ui/date-field';
import { Page } from '@/shared/ui/page';
import { ProfileLanguageSelect, useProfileLanguage } from '@/shared/ui/profile-language';

import { useGenders } from '../api/get-genders';
import { AvatarField } from '../components/avatar-field';
import { texts } from '../locales/texts';

export const loader = () => Promise.all([ensureNamespace('account', texts), loadRecommendationTexts()]).then(() => null);

/** How many vacancies for you the profile shows. */
const PROFILE_FOR_YOU = 20;

type Errors = NameAndPhoneErrors & { gender?: string; dateOfBirth?: string };
const SERVER_FIELDS: Record<string, keyof Errors> = {
  firstname: 'firstname',
  lastname: 'lastname',
  phoneNumber: 'phone',
  gender: 'gender',
  dateOfBirth: 'dateOfBirth',
};

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { t: account } = useTranslation('account');
  const language = useLanguage();
  const genders = useGenders(language);
  const profileLanguage = useProfileLanguage(me.profile.language);
  const save = useUpdateProfile();
  const [values, setValues] = useState<NameAndPhone>({
    firstname: me.profile.firstname ?? '',
    lastname: me.profile.lastname ?? '',
    phone: phoneFieldValue(me.profile.phoneNumber),
  });
  const [gender, setGender] = useState<string | null>(me.profile.gender ?? null);
  const [dateOfBirth, setDateOfBirth] = useState(me.profile.dateOfBirth ?? '');
  const [chosenLanguage, setChosenLanguage] = useState<Language>(profileLanguage.initial);
  const [newsletter, setNewsletter] = useState(me.profile.newsletterOptIn ?? true);
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = validateNameAndPhone(values, t);
    if (!gender) found.gender = t('common.required');
    if (!dateOfBirth) found.dateOfBirth = t('common.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        phoneNumber: phoneToStore(values.phone),
        gender,
        dateOfBirth,
        language: chosenLanguage,
        newsletterOptIn: newsletter,
      },
      {
        onSuccess: () => {
          notifySuccess(t('profile.saved'));
          profileLanguage.apply(chosenLanguage);
        },
        onError: (error) => {
          const field = error instanceof ApiError && error.field ? SERVER_FIELDS[error.field] : undefined;
          setErrors(field ? { [field]: errorText(error) } : {});
        },
      },
    );
  }

  const unplaced = save.error && !(save.error instanceof ApiError && save.error.field && SERVER_FIELDS[save.error.field]);
  return (
    <Card withBorder padding="lg" maw={560}>
      <AvatarField me={me} />
      <Divider my="lg" />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('profile.email')} value={me.username} readOnly variant="filled" />
          <NameAndPhoneFields values={values} errors={errors} onChange={setValues} />
          <Select
            label={t('profile.gender')}
            required
            data={(genders.data ?? []).map((item) => ({ value: item.gender, label: item.label }))}
            value={gender}
            onChange={setGender}
            error={errors.gender}
            allowDeselect={false}
          />
          <DateField
            label={t('profile.dateOfBirth')}
            required
            max={new Date()}
            value={dateOfBirth || null}
            onChange={(value) => setDateOfBirth(value ?? '')}
            error={errors.dateOfBirth}
          />
          <ProfileLanguageSelect value={chosenLanguage} onChange={setChosenLanguage} />
          <Checkbox
            label={account('mail.newsletter')}
            description={account('mail.newsletterHint')}
            checked={newsletter}
            onChange={(event) => setNewsletter(event.currentTarget.checked)}
          />
          {unplaced && (
            <Text c="red" size="sm" role="alert">
              {errorText(save.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * `/account/profile`: the applicant's own details, language (of the interface and the e-mails) and
 * mail preference (the newsletter; mail about applications, interviews, messages and invoices always
 * comes), and the vacancies that fit the applicant's CV.
 */
export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useMe().data;
  return (
    <Page title={t('profile.title')}>
      {me && <ProfileForm key={me.username} me={me} />}
      {me && <ForYou language={language} size={PROFILE_FOR_YOU} place="profile" />}
    </Page>
  );
}
