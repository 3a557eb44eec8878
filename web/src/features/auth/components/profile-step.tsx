import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { phoneFieldValue, phoneToStore } from '@/shared/lib/phone';
import { useUpdateProfile } from '@/shared/session/update-profile';
import { type NameAndPhone, NameAndPhoneFields, type NameAndPhoneErrors, validateNameAndPhone } from '@/shared/ui/name-and-phone-fields';

const SERVER_FIELDS: Record<string, keyof NameAndPhone> = { firstname: 'firstname', lastname: 'lastname', phoneNumber: 'phone' };

/** Step 3: first name, last name and phone, when the user lacks any of them. */
export function ProfileStep({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NameAndPhone>({
    firstname: me.profile.firstname ?? '',
    lastname: me.profile.lastname ?? '',
    phone: phoneFieldValue(me.profile.phoneNumber),
  });
  const [errors, setErrors] = useState<NameAndPhoneErrors>({});
  const save = useUpdateProfile({ keepSignedOut: true });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNameAndPhone(values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        phoneNumber: phoneToStore(values.phone),
        gender: me.profile.gender ?? null,
        dateOfBirth: me.profile.dateOfBirth ?? null,
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const field = error instanceof ApiError && error.field ? SERVER_FIELDS[error.field] : undefined;
          if (field) setErrors({ [field]: errorText(error) });
        },
      },
    );
  }

  const otherError = save.error && !(save.error instanceof ApiError && save.error.field && SERVER_FIELDS[save.error.field]);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('login.profileIntro')}</Text>
        <NameAndPhoneFields values={values} errors={errors} onChange={setValues} />
        {otherError && (
          <Text c="red" size="sm" role="alert">
            {errorText(save.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
