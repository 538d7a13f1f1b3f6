import type { Config } from './config.ts';
import { inPortalCrm } from './integrations/crm/in-portal.ts';
import type { CrmSystem } from './integrations/crm/port.ts';
import { salesforceCrm } from './integrations/crm/salesforce.ts';
import { outboxMailSender } from './integrations/mail/outbox.ts';
import type { MailSender } from './integrations/mail/port.ts';
import { smtpMailSender } from './integrations/mail/smtp.ts';
import { createEveryPayProvider } from './integrations/payments/everypay.ts';
import { createNeonomicsProvider } from './integrations/payments/neonomics.ts';
import type { PaymentProvider } from './integrations/payments/port.ts';
import { createDokobitGateway } from './integrations/signing/dokobit-gateway.ts';
import type { LocalSigningService } from './integrations/signing/local-signing-service.ts';
import type { SigningService } from './integrations/signing/port.ts';

/*
 * Which adapter each outside system gets (rule 8): the real one when the configuration names it and gives its
 * settings, the local simulator in demo mode, none otherwise. Tests pass their own through buildApp's AppDeps.
 */

export function mailSenderFor(config: Config): MailSender {
  return config.mail.smtpUrl
    ? smtpMailSender(config.mail.smtpUrl, config.mail.fromAddress)
    : outboxMailSender(config.mail.outboxDir, config.mail.fromAddress);
}

export function crmFor(config: Config): CrmSystem {
  return config.crm.salesforce ? salesforceCrm(config.crm.salesforce) : inPortalCrm;
}

export function signingServiceFor(config: Config, local: LocalSigningService): SigningService | null {
  const { service, dokobit } = config.signing;
  if (service === 'DOKOBIT_DOCUMENT_GATEWAY' && dokobit) return createDokobitGateway(dokobit);
  return service === 'LOCAL' ? local.service : null;
}

export function paymentProviderFor(config: Config, simulator: PaymentProvider): PaymentProvider | null {
  const { provider, everypay, neonomics } = config.payments;
  if (provider === 'EVERYPAY' && everypay) return createEveryPayProvider(everypay);
  if (provider === 'NEONOMICS' && neonomics) return createNeonomicsProvider(neonomics);
  return provider === 'SIMULATOR' ? simulator : null;
}
