import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { notifySuccess } from '@/shared/ui/notify';

import { useDeleteCompany } from '../api/delete-company';
import type { CompanyKey } from '../api/get-company-prices';
import { isWrongEntry, TypedConfirmForm } from './typed-confirm-form';

/** A company to delete: its register key and name. */
export interface DeletableCompany extends CompanyKey {
  businessName: string;
}

interface Props {
  company: DeletableCompany | null;
  onClose: () => void;
  /** After the company is gone (the screen leaves it). */
  onDeleted: () => void;
}

/** Deletes a company once its registry number is typed (spec 2 section 5). */
export function DeleteCompanyDialog({ company, onClose, onDeleted }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={!!company} onClose={onClose} title={company ? t('company.deleteTitle', { name: company.businessName }) : ''} centered>
      {company && <DeleteCompanyForm key={`${company.countryCode}-${company.registryCode}`} company={company} onClose={onClose} onDeleted={onDeleted} />}
    </Modal>
  );
}

function DeleteCompanyForm({ company, onClose, onDeleted }: { company: DeletableCompany; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteCompany();
  const key = { countryCode: company.countryCode, registryCode: company.registryCode };
  return (
    <TypedConfirmForm
      field="registryNumber"
      text={t('company.deleteText', { code: company.registryCode })}
      label={t('company.typeRegistryNumber')}
      submitLabel={t('company.deleteSubmit')}
      mutation={remove}
      onCancel={onClose}
      onConfirm={(registryNumber, showWrong) =>
        remove.mutate(
          { company: key, registryNumber },
          {
            onSuccess: () => {
              notifySuccess(t('company.deleted', { name: company.businessName }));
              onDeleted();
            },
            onError: (error) => {
              if (isWrongEntry(error, 'registryNumber')) showWrong(t('company.wrongRegistryNumber'));
            },
          },
        )
      }
    />
  );
}
