import { Button, Text, Tooltip } from '@mantine/core';

import { errorText } from '@/shared/api/error-text';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { IMPERSONATION_RETURN_KEY } from '@/shared/session/me';

import { useRepresent } from '../api/companies';

interface LogInAsProps {
  /** The e-mail of the user to act as; none disables the button with `missing` as its reason. */
  username: string | null | undefined;
  /** Where the administrator lands, below the language: the user's area. */
  to: string;
  label: string;
  /** The accessible name when the label alone does not say whom. */
  ariaLabel?: string;
  missing?: string;
  /** "Log in as the company": act for this company of the user's. */
  company?: { countryCode: string; registryCode: string };
}

/**
 * "Log in as": acts as the user (audited by the server) and loads their area afresh, so nothing
 * the administrator's session cached carries over; the way back returns to this list.
 */
export function LogInAsButton({ username, to, label, ariaLabel, missing, company }: LogInAsProps) {
  const localized = useLocalizedPath();
  const represent = useRepresent();
  const logInAs = () => {
    if (!username) return;
    represent.mutate({ username, company }, {
      onSuccess: () => {
        try {
          sessionStorage.setItem(IMPERSONATION_RETURN_KEY, `${window.location.pathname}${window.location.search}`);
        } catch {
          // without storage the way back lands on the home page
        }
        window.location.assign(localized(to));
      },
    });
  };
  return (
    <>
      <Tooltip label={missing ?? ''} disabled={!!username || !missing}>
        <span>
          <Button size="xs" variant="light" onClick={logInAs} loading={represent.isPending} disabled={!username || represent.isPending} aria-label={ariaLabel}>
            {label}
          </Button>
        </span>
      </Tooltip>
      {represent.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(represent.error)}
        </Text>
      )}
    </>
  );
}
