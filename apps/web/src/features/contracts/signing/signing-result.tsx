import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { ContractNotice } from '../contract-notice.tsx';
import { saveFile } from '../../../shared/files/save-file.ts';
import { finalizeSigning } from './signing-queries.ts';

/** While the signing service has not answered, ask again this often (the postback usually settles it first). */
const POLL_MS = 3000;

/**
 * What became of a signing, for both confirmation pages: finalize (spec §7) answers the signed file, 204 for no such
 * signing, or JSON; while the signer has not finished it is asked again, and a signed contract's file can be saved.
 */
export function SigningResult({ signingToken, startAgain }: { signingToken: string; startAgain: { to: string; label: string } }) {
  const { t } = useTranslation();
  const outcome = useQuery({
    queryKey: queryKeys.contracts.signingOutcome(signingToken),
    queryFn: () => finalizeSigning(signingToken),
    refetchInterval: (query) => (query.state.data?.kind === 'pending' ? POLL_MS : false),
    retry: false,
  });
  const result = outcome.data;

  if (!result) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('signing.result.checking')}</Text>
      </Group>
    );
  }
  if (result.kind === 'signed') {
    return (
      <Stack gap="md">
        <ContractNotice color="green" icon={<IconCircleCheck aria-hidden />} title={t('signing.result.signed-title')}>
          <Text size="sm">{t('signing.result.signed-body')}</Text>
        </ContractNotice>
        <Group>
          <Button leftSection={<IconDownload size={18} aria-hidden />} onClick={() => saveFile(result.file)}>
            {t('signing.result.download')}
          </Button>
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/contracts" />}>
            {t('signing.result.to-contracts')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (result.kind === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('signing.result.pending')}</Text>
      </Group>
    );
  }
  return (
    <ContractNotice
      color="yellow"
      title={
        result.kind === 'not-found'
          ? t('signing.result.not-found')
          : t(`errors.codes.${result.code}`, { defaultValue: t('signing.result.failed') })
      }
    >
      <Anchor renderRoot={(props) => <Link {...props} to={startAgain.to} />}>{startAgain.label}</Anchor>
    </ContractNotice>
  );
}
