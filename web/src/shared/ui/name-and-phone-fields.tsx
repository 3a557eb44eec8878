import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { isValidPhone, phoneToStore } from '@/shared/lib/phone';

export interface NameAndPhone {
  firstname: string;
  lastname: string;
  phone: string;
}

export type NameAndPhoneErrors = Partial<Record<keyof NameAndPhone, string>>;

/** Required names and a phone with the country code (the bare +372 counts as empty). */
export function validateNameAndPhone(values: NameAndPhone, t: (key: string) => string): NameAndPhoneErrors {
  const errors: NameAndPhoneErrors = {};
  if (!values.firstname.trim()) errors.firstname = t('common.required');
  if (!values.lastname.trim()) errors.lastname = t('common.required');
  const phone = phoneToStore(values.phone);
  if (!phone) errors.phone = t('common.required');
  else if (!isValidPhone(phone)) errors.phone = t('login.phoneInvalid');
  return errors;
}

export function NameAndPhoneFields({
  values,
  errors,
  onChange,
}: {
  values: NameAndPhone;
  errors: NameAndPhoneErrors;
  onChange: (values: NameAndPhone) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('login.firstname')}
        required
        maxLength={100}
        autoComplete="given-name"
        value={values.firstname}
        onChange={(event) => onChange({ ...values, firstname: event.currentTarget.value })}
        error={errors.firstname}
      />
      <TextInput
        label={t('login.lastname')}
        required
        maxLength={100}
        autoComplete="family-name"
        value={values.lastname}
        onChange={(event) => onChange({ ...values, lastname: event.currentTarget.value })}
        error={errors.lastname}
      />
      <TextInput
        label={t('login.phone')}
        description={t('login.phoneHint')}
        required
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={(event) => onChange({ ...values, phone: event.currentTarget.value })}
        error={errors.phone}
      />
    </>
  );
}
