/** A company as its country's business register knows it. */
export type RegisteredCompany = { name: string; active: boolean };

/**
 * The business registers of the three countries (the Finnish YTJ, the Estonian e-Business Register, the Latvian
 * Register of Enterprises), asked by business code in the register's written form (`businessCodeOf`: 0737546-2,
 * 10060701, 90000069281). The real adapters are not part of this release; the local register answers for the demo
 * companies.
 */
export interface BusinessRegister {
  lookup(countryCode: 'FI' | 'EE' | 'LV', code: string): Promise<RegisteredCompany | null>;
}
