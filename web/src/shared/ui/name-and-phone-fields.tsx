import { useTranslation } from 'react-i18next';

import { isValidPhone, phoneToStore } from '@/shared/lib/phone';

import { TextField } from './text-field';

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
      <TextField
        label={t('login.firstname')}
        autoComplete="given-name"
        value={values.firstname}
        onChange={(firstname) => onChange({ ...values, firstname })}
        error={errors.firstname}
      />
      <TextField
        label={t('login.lastname')}
        autoComplete="family-name"
        value={values.lastname}
        onChange={(lastname) => onChange({ ...values, lastname })}
        error={errors.lastname}
      />
      <TextField
        label={t('login.phone')}
        description={t('login.phoneHint')}
        type="tel"
        autoComplete="tel"
        maxLength={20}
        value={values.phone}
        onChange={(phone) => onChange({ ...values, phone })}
        error={errors.phone}
      />
    </>
  );
}
