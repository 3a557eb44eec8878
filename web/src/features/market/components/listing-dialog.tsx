import { Alert, Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { notifySuccess } from '@/shared/ui/notify';
import { OptionalLabel } from '@/shared/ui/optional-label';
import { TextArea } from '@/shared/ui/text-area';

import { useCreateListing } from '../api/create-listing';
import type { Listing, ListingInput, ListingKind } from '../api/types';
import { useUpdateListing } from '../api/update-listing';
import { NAMESPACE } from '../texts';

/** What the dialog edits: a listing, or a new one of a kind. */
export type Editing = { listing: Listing } | { kind: ListingKind };

interface Values {
  title: string;
  provider: string;
  description: string;
  languageCode: string;
  free: boolean;
  price: number | string;
  startsOn: string;
  endsOn: string;
  link: string;
  hidden: boolean;
}

function initialValues(editing: Editing): Values {
  if ('kind' in editing) {
    return { title: '', provider: '', description: '', languageCode: 'et', free: true, price: '', startsOn: '', endsOn: '', link: '', hidden: false };
  }
  const { listing } = editing;
  return {
    title: listing.title,
    provider: listing.provider,
    description: listing.description,
    languageCode: listing.languageCode,
    free: listing.priceCents == null,
    price: listing.priceCents == null ? '' : listing.priceCents / 100,
    startsOn: listing.startsOn ?? '',
    endsOn: listing.endsOn ?? '',
    link: listing.link,
    hidden: listing.hidden,
  };
}

/** The body of the save call: a listing's values as the server takes them. */
export function listingInput(kind: ListingKind, values: Values): ListingInput {
  return {
    kind,
    title: values.title.trim(),
    provider: values.provider.trim(),
    description: values.description.trim(),
    languageCode: values.languageCode,
    priceCents: values.free || values.price === '' ? null : Math.round(Number(values.price) * 100),
    startsOn: values.startsOn || null,
    endsOn: values.endsOn || null,
    link: values.link.trim(),
    hidden: values.hidden,
  };
}

/** The listing as it is, for hiding or showing it without the dialog. */
export function inputOf(listing: Listing, hidden: boolean): ListingInput {
  return listingInput(listing.kind, { ...initialValues({ listing }), hidden });
}

function ListingForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const create = useCreateListing();
  const update = useUpdateListing();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const kind = 'kind' in editing ? editing.kind : editing.listing.kind;
  const required = z.string().trim().min(1, t('form.required')).max(200, t('form.tooLong', { max: 200 }));
  const schema = z
    .object({
      title: required,
      provider: required,
      description: z.string().max(5000, t('form.tooLong', { max: 5000 })),
      languageCode: z.string(),
      free: z.boolean(),
      price: z.union([z.number(), z.string()]),
      startsOn: z.string(),
      endsOn: z.string(),
      link: z.string().trim().regex(/^https?:\/\/\S+$/i, t('form.link')),
      hidden: z.boolean(),
    })
    .refine((values) => values.free || (typeof values.price === 'number' && values.price > 0), { path: ['price'], message: t('form.price') })
    .refine((values) => !values.endsOn || !!values.startsOn, { path: ['endsOn'], message: t('form.endNeedsStart') })
    .refine((values) => !values.endsOn || !values.startsOn || values.endsOn >= values.startsOn, { path: ['endsOn'], message: t('form.endBeforeStart') });
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(editing), validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit((values) => {
    const body = listingInput(kind, values);
    const done = {
      onSuccess: () => {
        notifySuccess(t('form.saved'));
        onClose();
      },
      onError: (error: Error) => setServerFieldError(form, error, { renames: { priceCents: 'price' } }),
    };
    if ('listing' in editing) update.mutate({ id: editing.listing.id, listing: body }, done);
    else create.mutate(body, done);
  });
  const unplaced = failure && !(failure instanceof ApiError && failure.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('form.title')} required maxLength={200} {...form.getInputProps('title')} />
        <TextInput label={t('form.provider')} required maxLength={200} {...form.getInputProps('provider')} />
        <TextArea label={t('form.description')} minRows={3} maxLength={5000} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('form.language')}
            data={['et', 'en', 'ru'].map((code) => ({ value: code, label: t(`language.${code}`) }))}
            {...form.getInputProps('languageCode')}
          />
          <TextInput label={t('form.link')} required type="url" maxLength={2000} placeholder="https://" {...form.getInputProps('link')} />
        </SimpleGrid>
        <Switch label={t('form.free')} {...form.getInputProps('free', { type: 'checkbox' })} />
        {!form.values.free && (
          <NumberInput label={t('form.price')} required min={0.01} decimalScale={2} step={1} prefix="€ " {...form.getInputProps('price')} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={<OptionalLabel>{t('form.startsOn')}</OptionalLabel>} description={t('form.datesHint')} type="date" {...form.getInputProps('startsOn')} />
          <TextInput label={<OptionalLabel>{t('form.endsOn')}</OptionalLabel>} type="date" {...form.getInputProps('endsOn')} />
        </SimpleGrid>
        <Switch label={t('form.hidden')} {...form.getInputProps('hidden', { type: 'checkbox' })} />
        {unplaced && (
          <Alert color="red" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds or edits a listing. */
export function ListingDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const title = !editing ? '' : 'listing' in editing ? t('form.editTitle') : t(editing.kind === 'COURSE' ? 'form.addCourse' : 'form.addOutsource');
  return (
    <Modal opened={!!editing} onClose={onClose} title={title} size="lg" centered>
      {editing && <ListingForm key={'listing' in editing ? editing.listing.id : 'new'} editing={editing} onClose={onClose} />}
    </Modal>
  );
}
