/**
 * Demo people of the four demo sites: who they are to the e-ID service (personal code, name, e-mail)
 * and what they are to each utility. Personal codes carry valid check digits.
 */
export type DemoPerson = {
  ssn: string;
  name: string;
  email: string | null;
  countryCode: 'FI' | 'EE' | 'LV';
};

export type DemoCustomer = {
  siteId: string;
  clientCode: string;
  type: 'private' | 'legal';
  name: string;
  businessCode?: string;
  /** Member number in a cooperative utility (MEMBERSHIP_NUMBER) and the day membership began. */
  membership?: { number: string; since: string };
  /** Personal codes with access: the first is the customer itself for a private customer. */
  access: { ssn: string; relation: 'self' | 'representative'; code: string }[];
};

export type DemoStaff = { ssn: string; siteId: string; role: 'customer-service' | 'site-admin' };

export const DEMO_PEOPLE: DemoPerson[] = [
  { ssn: 'FI131052-308T', name: 'Aino Virtanen', email: 'aino.virtanen@example.fi', countryCode: 'FI' },
  { ssn: 'FI010101-123N', name: 'Mikko Korhonen', email: 'mikko.korhonen@example.fi', countryCode: 'FI' },
  { ssn: 'FI150385-237N', name: 'Sanna Nieminen', email: 'sanna.nieminen@lumoenergia.example', countryCode: 'FI' },
  { ssn: 'FI220790-456S', name: 'Jukka Mäkinen', email: 'jukka.makinen@lumoenergia.example', countryCode: 'FI' },
  { ssn: 'FI051168-318W', name: 'Liisa Uusitalo', email: null, countryCode: 'FI' },
  { ssn: 'FI010170-123F', name: 'Eero Lahtinen', email: 'eero.lahtinen@example.fi', countryCode: 'FI' },
  { ssn: 'EE49403136526', name: 'Mari-Liis Männik', email: 'mari-liis.mannik@example.ee', countryCode: 'EE' },
  { ssn: 'EE38001085718', name: 'Jaan Tamm', email: 'jaan.tamm@example.ee', countryCode: 'EE' },
  { ssn: 'EE38705120226', name: 'Kadri Kask', email: 'kadri.kask@virmalise.example', countryCode: 'EE' },
  { ssn: 'EE37607250443', name: 'Toomas Saar', email: 'toomas.saar@virmalise.example', countryCode: 'EE' },
  { ssn: 'LV150385-12346', name: 'Anna Bērziņa', email: 'anna.berzina@example.lv', countryCode: 'LV' },
  { ssn: 'LV220790-45671', name: 'Jānis Ozoliņš', email: 'janis.ozolins@example.lv', countryCode: 'LV' },
  { ssn: 'LV121275-23457', name: 'Līga Kalniņa', email: 'liga.kalnina@daugavassiltums.example', countryCode: 'LV' },
  { ssn: 'LV030288-11117', name: 'Edgars Liepa', email: 'edgars.liepa@daugavassiltums.example', countryCode: 'LV' },
  { ssn: 'FI110476-2212', name: 'Tiina Salonen', email: 'tiina.salonen@kallioverkot.example', countryCode: 'FI' },
  { ssn: 'FI030982-348K', name: 'Petri Lehtonen', email: 'petri.lehtonen@kallioverkot.example', countryCode: 'FI' },
];

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    siteId: 'lumo',
    clientCode: 'LUMO-100001',
    type: 'private',
    name: 'Aino Virtanen',
    access: [{ ssn: 'FI131052-308T', relation: 'self', code: 'rc-lumo-aino' }],
  },
  {
    siteId: 'lumo',
    clientCode: 'LUMO-100002',
    type: 'private',
    name: 'Mikko Korhonen',
    access: [{ ssn: 'FI010101-123N', relation: 'self', code: 'rc-lumo-mikko' }],
  },
  // A former customer: moved abroad, nothing in force and nothing owed, so he can ask to be forgotten (decision 122).
  {
    siteId: 'lumo',
    clientCode: 'LUMO-100003',
    type: 'private',
    name: 'Eero Lahtinen',
    access: [{ ssn: 'FI010170-123F', relation: 'self', code: 'rc-lumo-eero' }],
  },
  {
    siteId: 'lumo',
    clientCode: 'LUMO-200001',
    type: 'legal',
    name: 'Revontuli Sauna Oy',
    businessCode: '3141593-8',
    access: [{ ssn: 'FI131052-308T', relation: 'representative', code: 'rc-lumo-aino-revontuli' }],
  },
  {
    siteId: 'virmalise',
    clientCode: 'VE-500101',
    type: 'private',
    name: 'Mari-Liis Männik',
    access: [{ ssn: 'EE49403136526', relation: 'self', code: 'rc-ve-mari-liis' }],
  },
  {
    siteId: 'virmalise',
    clientCode: 'VE-500102',
    type: 'private',
    name: 'Jaan Tamm',
    access: [{ ssn: 'EE38001085718', relation: 'self', code: 'rc-ve-jaan' }],
  },
  {
    siteId: 'virmalise',
    clientCode: 'VE-700201',
    type: 'legal',
    name: 'Kase Kodu OÜ',
    businessCode: '14715205',
    access: [
      { ssn: 'EE49403136526', relation: 'representative', code: 'rc-ve-mari-liis-kase' },
      { ssn: 'EE38001085718', relation: 'representative', code: 'rc-ve-jaan-kase' },
    ],
  },
  {
    siteId: 'daugava',
    clientCode: 'DS-300501',
    type: 'private',
    name: 'Anna Bērziņa',
    membership: { number: 'DSB-004512', since: '2018-04-16' },
    access: [{ ssn: 'LV150385-12346', relation: 'self', code: 'rc-ds-anna' }],
  },
  {
    siteId: 'daugava',
    clientCode: 'DS-300502',
    type: 'private',
    name: 'Jānis Ozoliņš',
    membership: { number: 'DSB-011873', since: '2021-09-01' },
    access: [{ ssn: 'LV220790-45671', relation: 'self', code: 'rc-ds-janis' }],
  },
  {
    siteId: 'daugava',
    clientCode: 'DS-800301',
    type: 'legal',
    name: 'Ozolu Nami SIA',
    businessCode: '40203123456',
    access: [{ ssn: 'LV220790-45671', relation: 'representative', code: 'rc-ds-janis-ozolu' }],
  },
  // Kallio Verkot, the distribution network of Lumo's customers' homes: the same people, customers of both (issue 29).
  {
    siteId: 'kallio',
    clientCode: 'KV-400101',
    type: 'private',
    name: 'Aino Virtanen',
    access: [{ ssn: 'FI131052-308T', relation: 'self', code: 'rc-kallio-aino' }],
  },
  {
    siteId: 'kallio',
    clientCode: 'KV-400102',
    type: 'private',
    name: 'Mikko Korhonen',
    access: [{ ssn: 'FI010101-123N', relation: 'self', code: 'rc-kallio-mikko' }],
  },
  {
    siteId: 'kallio',
    clientCode: 'KV-400201',
    type: 'legal',
    name: 'Revontuli Sauna Oy',
    businessCode: '3141593-8',
    access: [{ ssn: 'FI131052-308T', relation: 'representative', code: 'rc-kallio-aino-revontuli' }],
  },
];

export const DEMO_STAFF: DemoStaff[] = [
  { ssn: 'FI150385-237N', siteId: 'lumo', role: 'customer-service' },
  { ssn: 'FI220790-456S', siteId: 'lumo', role: 'site-admin' },
  { ssn: 'EE38705120226', siteId: 'virmalise', role: 'customer-service' },
  { ssn: 'EE37607250443', siteId: 'virmalise', role: 'site-admin' },
  { ssn: 'LV121275-23457', siteId: 'daugava', role: 'customer-service' },
  { ssn: 'LV030288-11117', siteId: 'daugava', role: 'site-admin' },
  { ssn: 'FI110476-2212', siteId: 'kallio', role: 'customer-service' },
  { ssn: 'FI030982-348K', siteId: 'kallio', role: 'site-admin' },
];
