import { Button, Card, Center, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';

import { useDeleteListing } from '../api/delete-listing';
import { useAdminMarket } from '../api/get-admin-market';
import type { Listing, ListingKind } from '../api/types';
import { useUpdateListing } from '../api/update-listing';
import { ListingCard } from '../components/listing-card';
import { type Editing, inputOf, ListingDialog } from '../components/listing-dialog';
import { loadTexts, NAMESPACE } from '../texts';

export const loader = loadTexts;

const KINDS: ListingKind[] = ['COURSE', 'OUTSOURCE'];

function DeleteDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const remove = useDeleteListing();
  return (
    <Modal opened={!!listing} onClose={onClose} title={t('admin.deleteTitle')} centered>
      <Stack>
        <Text>{t('admin.deleteText', { title: listing?.title ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              listing &&
              remove.mutate(listing.id, {
                onSuccess: () => {
                  notifySuccess(t('admin.deleted'));
                  onClose();
                },
              })
            }
          >
            {t('admin.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function KindList({ kind, onEdit, onDelete }: { kind: ListingKind; onEdit: (listing: Listing) => void; onDelete: (listing: Listing) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const listings = useAdminMarket(kind);
  const update = useUpdateListing();
  if (listings.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (listings.isError) return <Text c="red">{errorText(listings.error)}</Text>;
  if (!listings.data.length) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Text ta="center">{t('admin.empty')}</Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {listings.data.map((listing) => (
        <ListingCard
          key={listing.id}
          listing={listing}
          showHidden
          actions={
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => onEdit(listing)} aria-label={t('admin.editNamed', { title: listing.title })}>
                {t('admin.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={update.isPending && update.variables?.id === listing.id}
                onClick={() =>
                  update.mutate(
                    { id: listing.id, listing: inputOf(listing, !listing.hidden) },
                    { onSuccess: () => notifySuccess(t(listing.hidden ? 'admin.shown' : 'admin.hiddenDone')) },
                  )
                }
                aria-label={t(listing.hidden ? 'admin.showNamed' : 'admin.hideNamed', { title: listing.title })}
              >
                {t(listing.hidden ? 'admin.show' : 'admin.hide')}
              </Button>
              <Button size="xs" color="red" variant="outline" onClick={() => onDelete(listing)} aria-label={t('admin.deleteNamed', { title: listing.title })}>
                {t('admin.delete')}
              </Button>
            </Group>
          }
        />
      ))}
    </Stack>
  );
}

/** `/admin/market`: courses and the outsource market, added, edited, hidden and deleted by administrators. */
export function Component() {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const kind: ListingKind = params.get('kind') === 'OUTSOURCE' ? 'OUTSOURCE' : 'COURSE';
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Listing | null>(null);
  return (
    <Page title={t('admin.title')} size="lg">
      <Text>{t('admin.intro')}</Text>
      <Tabs value={kind} onChange={(value) => setParams(value === 'OUTSOURCE' ? { kind: 'OUTSOURCE' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List aria-label={t('admin.tabs')}>
          {KINDS.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {t(`admin.kind.${item}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KINDS.map((item) => (
          <Tabs.Panel key={item} value={item} pt="md">
            <Stack gap="md">
              <Group>
                <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ kind: item })}>
                  {t(item === 'COURSE' ? 'form.addCourse' : 'form.addOutsource')}
                </Button>
              </Group>
              <KindList kind={item} onEdit={(listing) => setEditing({ listing })} onDelete={setDeleting} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <ListingDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog listing={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
