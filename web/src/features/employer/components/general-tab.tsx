import { Alert, Anchor, Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import { api, unwrap } from '@/shared/api/client';
import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { useLanguage } from '@/shared/i18n/use-language';
import { isValidPhone, phoneFieldValue, phoneToStore } from '@/shared/lib/phone';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { OptionalLabel } from '@/shared/ui/optional-label';
import { TextArea } from '@/shared/ui/text-area';
import { useReference } from '@/shared/vacancies/reference';
import { notifySuccess } from '@/shared/ui/notify';

import type { MyCompany } from '../api/get-my-company';
import { useSaveCompanyProfile } from '../api/save-company-profile';
import { deltaToPlain, plainToDelta } from '../lib/description';
import { NAMESPACE } from '../locales/texts';

const LANGUAGES = ['et', 'en', 'ru'] as const;
const SOCIAL = ['facebook', 'instagram', 'linkedIn', 'twitter', 'telegram', 'youtube'] as const;

function valuesOf(company: MyCompany) {
  const p = company.profile;
  const description = (language: string) => deltaToPlain(p.descriptions?.find((d) => d.languageCode === language)?.content);
  return {
    address: p.address ?? '',
    ehakCode: p.ehakCode ?? null,
    categoryCodes: p.categoryCodes ?? [],
    companyType: p.companyType ?? '',
    employerType: p.employerType ?? '',
    companySizeCode: p.companySizeCode ?? null,
    contactPhoneNumber: phoneFieldValue(p.contactPhoneNumber),
    email: p.email ?? '',
    invoicesEmail: p.invoicesEmail ?? '',
    website: p.website ?? '',
    description: { et: description('et'), en: description('en'), ru: description('ru') },
    facebook: p.facebook ?? '',
    instagram: p.instagram ?? '',
    linkedIn: p.linkedIn ?? '',
    twitter: p.twitter ?? '',
    telegram: p.telegram ?? '',
    youtube: p.youtube ?? '',
  };
}

type Values = ReturnType<typeof valuesOf>;

/** The general tab: the company's address, fields of activity, contacts, descriptions and links. */
export function GeneralTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const categories = useReference('categories', language);
  const cities = useReference('cities', language);
  const sizes = useQuery({
    queryKey: ['reference', 'company-sizes', language],
    queryFn: () => unwrap(api.GET('/api/open/company-sizes')),
    meta: { handledLocally: true },
  });
  const save = useSaveCompanyProfile();
  const url = z.string().trim().refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), t('general.urlInvalid'));
  const schema = z.object({
    email: z.string().trim().min(1, t('general.required')).pipe(z.email(t('general.emailInvalid'))),
    invoicesEmail: z.string().trim().refine((v) => v === '' || z.email().safeParse(v).success, t('general.emailInvalid')),
    contactPhoneNumber: z.string().refine((v) => phoneToStore(v) === '' || isValidPhone(phoneToStore(v)), t('general.phoneInvalid')),
    website: url,
    ...Object.fromEntries(SOCIAL.map((key) => [key, url])),
  });
  const form = useForm<Values>({ initialValues: valuesOf(company), validate: schemaResolver(schema, { sync: true }) });

  const submit = form.onSubmit((v) => {
    const blank = (s: string) => (s.trim() ? s.trim() : null);
    save.mutate(
      {
        countryCode: company.countryCode,
        registryCode: company.registryCode,
        profile: {
          address: blank(v.address),
          // the register's address id belongs to the address it came with
          adsAdrId: blank(v.address) === company.profile.address ? (company.profile.adsAdrId ?? null) : null,
          ehakCode: v.ehakCode,
          categoryCodes: v.categoryCodes,
          companyType: blank(v.companyType),
          employerType: blank(v.employerType),
          companySizeCode: v.companySizeCode,
          contactPhoneNumber: blank(phoneToStore(v.contactPhoneNumber)),
          email: v.email.trim(),
          invoicesEmail: blank(v.invoicesEmail),
          website: blank(v.website),
          descriptions: LANGUAGES.map((languageCode) => ({ languageCode, content: plainToDelta(v.description[languageCode]) })).filter((d) => d.content),
          facebook: blank(v.facebook),
          instagram: blank(v.instagram),
          linkedIn: blank(v.linkedIn),
          twitter: blank(v.twitter),
          telegram: blank(v.telegram),
          youtube: blank(v.youtube),
        },
      },
      {
        onSuccess: () => notifySuccess(t('general.saved')),
        onError: (error) => setServerFieldError(form, error, { renames: { descriptions: 'description' } }),
      },
    );
  });

  const unplaced = save.error instanceof ApiError && !(save.error.status === 400 && save.error.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('general.email')} required type="email" {...form.getInputProps('email')} />
          <TextInput label={<OptionalLabel>{t('general.invoicesEmail')}</OptionalLabel>} type="email" {...form.getInputProps('invoicesEmail')} />
          <TextInput label={<OptionalLabel>{t('general.phone')}</OptionalLabel>} description={t('general.phoneHint')} type="tel" {...form.getInputProps('contactPhoneNumber')} />
          <TextInput label={<OptionalLabel>{t('general.website')}</OptionalLabel>} placeholder="https://" {...form.getInputProps('website')} />
          <TextInput label={<OptionalLabel>{t('general.address')}</OptionalLabel>} {...form.getInputProps('address')} />
          <Select label={t('general.city')} data={cities} searchable clearable {...form.getInputProps('ehakCode')} />
          <MultiSelect label={t('general.categories')} data={categories} searchable maxValues={10} {...form.getInputProps('categoryCodes')} />
          <Select
            label={t('general.size')}
            data={(sizes.data ?? []).map((s) => ({ value: s.companySize, label: s.label }))}
            clearable
            {...form.getInputProps('companySizeCode')}
          />
          <TextInput label={<OptionalLabel>{t('general.companyType')}</OptionalLabel>} {...form.getInputProps('companyType')} />
          <TextInput label={<OptionalLabel>{t('general.employerType')}</OptionalLabel>} {...form.getInputProps('employerType')} />
        </SimpleGrid>
        {LANGUAGES.map((code) => (
          <TextArea key={code} label={t('general.description', { language: t(`languages.${code}`) })} minRows={3} {...form.getInputProps(`description.${code}`)} />
        ))}
        <Title order={3} size="h5">
          {t('general.social')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SOCIAL.map((key) => (
            <TextInput key={key} label={<OptionalLabel>{key === 'linkedIn' ? 'LinkedIn' : key.charAt(0).toUpperCase() + key.slice(1)}</OptionalLabel>} placeholder="https://" {...form.getInputProps(key)} />
          ))}
        </SimpleGrid>
        {unplaced && <Alert color="red" role="alert">{errorText(save.error)}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('general.save')}
          </Button>
          <Anchor component={Link} to={`/${language}/companies/${company.countryCode}/${company.registryCode}`}>
            {t('general.publicPage')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
