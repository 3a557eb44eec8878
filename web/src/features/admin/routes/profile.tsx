import { Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { ensureNamespace } from '@/shared/i18n';
import type { Language } from '@/shared/i18n/languages';
import { phoneFieldValue, phoneToStore } from '@/shared/lib/phone';
import { useMe } from '@/shared/session/me';
import { useUpdateProfile } from '@/shared/session/update-profile';
import { type NameAndPhone, NameAndPhoneFields, type NameAndPhoneErrors, validateNameAndPhone } from '@/shared/ui/name-and-phone-fields';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { ProfileLanguageSelect, useProfileLanguage } from '@/shared/ui/profile-language';

import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

const SERVER_FIELDS: Record<string, keyof NameAndPhoneErrors> = { firstname: 'firstname', lastname: 'lastname', phoneNumber: 'phone' };

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation();
  const profileLanguage = useProfileLanguage(me.profile.language);
  const save = useUpdateProfile();
  const [values, setValues] = useState<NameAndPhone>({
    firstname: me.profile.firstname ?? '',
    lastname: me.profile.lastname ?? '',
    phone: phoneFieldValue(me.profile.phoneNumber),
  });
  const [language, setLanguage] = useState<Language>(profileLanguage.initial);
  const [newsletter, setNewsletter] = useState(me.profile.newsletterOptIn ?? true);
  const [errors, setErrors] = useState<NameAndPhoneErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNameAndPhone(values, common);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      { firstname: values.firstname.trim(), lastname: values.lastname.trim(), phoneNumber: phoneToStore(values.phone), language, newsletterOptIn: newsletter },
      {
        onSuccess: () => {
          notifySuccess(t('profile.saved'));
          profileLanguage.apply(language);
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('profile.email')} value={me.username} readOnly variant="filled" />
          <NameAndPhoneFields values={values} errors={errors} onChange={setValues} />
          <ProfileLanguageSelect value={language} onChange={setLanguage} />
          <Checkbox
            label={t('profile.newsletter')}
            description={t('profile.newsletterHint')}
            checked={newsletter}
            onChange={(event) => setNewsletter(event.currentTarget.checked)}
          />
          {unplaced && (
            <Text c="red" size="sm" role="alert">
              {errorText(save.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * `/admin/profile` and `/employer/account/profile`: an administrator's or employer's own name,
 * phone, language (of the interface and the e-mails) and mail preference (the e-mail is the
 * username and stays).
 */
export function Component() {
  const { t } = useTranslation('admin');
  const me = useMe().data;
  return <Page title={t('profile.title')}>{me && <ProfileForm key={me.username} me={me} />}</Page>;
}
