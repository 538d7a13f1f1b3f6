import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoicePaymentDetails as PaymentDetails } from '@portal/schema/invoices';
import { printedIban } from '@portal/schema/payee';

type Line = { label: string; value: string; copy: string | null };

/**
 * How to pay by bank transfer (docs/decisions/095): payee, account, reference (or the payment purpose) and, for a
 * Finnish account, the virtual bar code a bank app takes pasted. What a person types into their bank has a copy button
 * that copies it as banks take it, without the spaces it is printed with.
 */
export function InvoicePaymentDetails({ invoiceId, payment }: { invoiceId: string; payment: PaymentDetails }) {
  const { t } = useTranslation();
  const lines: Line[] = [
    { label: t('invoices.pdf.payee'), value: payment.payee, copy: null },
    ...payment.accounts.map((account) => ({
      label: t('invoices.pdf.account'),
      value: `${printedIban(account.iban)} · BIC ${account.bic}`,
      copy: account.iban,
    })),
    {
      label: payment.referenceKind === 'purpose' ? t('invoices.pdf.payment-purpose') : t('invoices.pdf.reference'),
      value: payment.printedReference,
      copy: payment.reference,
    },
    ...(payment.virtualBarcode
      ? [{ label: t('invoices.pdf.virtual-barcode'), value: payment.virtualBarcode, copy: payment.virtualBarcode }]
      : []),
  ];
  const titleId = `payment-${invoiceId}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text fw={600} id={titleId}>
        {t('invoices.payment.title')}
      </Text>
      <Stack gap={4} component="dl" m={0}>
        {lines.map((line, index) => (
          <Group key={`${line.label}-${index}`} gap="xs" wrap="nowrap" align="center">
            <Text component="dt" size="sm" c="dimmed" miw={130}>
              {line.label}
            </Text>
            <Group component="dd" gap={4} m={0} wrap="nowrap" align="center">
              <Text size="sm" ff={line.copy ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {line.value}
              </Text>
              {line.copy && <CopyValue value={line.copy} label={line.label} />}
            </Group>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('invoices.payment.copied') : t('invoices.payment.copy', { label })} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('invoices.payment.copy', { label })}>
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
