import { bankIdentifierOf } from '@portal/schema/settings';

/**
 * The BIC of the bank that keeps an account, from the bank code ibantools reads out of the IBAN (its country
 * specification says where the code sits). Finnish codes are the leading digits of the account number as Finance
 * Finland assigns them (longest prefix wins), Estonian ones the two digits the Bank of Estonia assigns; a Latvian
 * IBAN carries the first four letters of the BIC itself. A bank not listed gives no BIC, never a guess.
 */
const FINNISH_BANKS: Record<string, string> = {
  '1': 'NDEAFIHH',
  '2': 'NDEAFIHH',
  '31': 'HANDFIHH',
  '33': 'ESSEFIHX',
  '34': 'DABAFIHX',
  '36': 'SBANFIHH',
  '37': 'DNBAFIHX',
  '38': 'SWEDFIHH',
  '39': 'SBANFIHH',
  '4': 'ITELFIHH',
  '405': 'HELSFIHH',
  '47': 'POPFFI22',
  '497': 'HELSFIHH',
  '5': 'OKOYFIHH',
  '6': 'AABAFI22',
  '715': 'ITELFIHH',
  '799': 'HOLVFIHH',
  '8': 'DABAFIHH',
};

const ESTONIAN_BANKS: Record<string, string> = {
  '10': 'EEUHEE2X',
  '12': 'PARXEE22',
  '17': 'RIKOEE22',
  '22': 'HABAEE2X',
  '42': 'EKRDEE22',
  '75': 'BIGKEE2B',
  '77': 'LHVBEE22',
  '96': 'RIKOEE22',
};

const LATVIAN_BANKS: Record<string, string> = {
  CBBR: 'CBBRLV22',
  HABA: 'HABALV22',
  MULT: 'MULTLV2X',
  PARX: 'PARXLV22',
  RIKO: 'RIKOLV2X',
  RTMB: 'RTMBLV2X',
  UNLA: 'UNLALV2X',
};

/** Every BIC the table knows, with its country: a test checks each is a valid BIC of that country. */
export const KNOWN_BICS: { countryCode: string; bic: string }[] = [
  ...Object.values(FINNISH_BANKS).map((bic) => ({ countryCode: 'FI', bic })),
  ...Object.values(ESTONIAN_BANKS).map((bic) => ({ countryCode: 'EE', bic })),
  ...Object.values(LATVIAN_BANKS).map((bic) => ({ countryCode: 'LV', bic })),
];

/** No library keeps these banks (docs/decisions/047-bank-identifiers.md). */
export function bicOf(iban: string): string | null {
  const parts = bankIdentifierOf(iban);
  if (!parts) return null;
  const { countryCode, bankIdentifier } = parts;
  if (countryCode === 'LV') return LATVIAN_BANKS[bankIdentifier] ?? null;
  if (countryCode === 'EE') return ESTONIAN_BANKS[bankIdentifier] ?? null;
  if (countryCode === 'FI') {
    for (let length = 3; length >= 1; length -= 1) {
      const bic = FINNISH_BANKS[bankIdentifier.slice(0, length)];
      if (bic) return bic;
    }
  }
  return null;
}
