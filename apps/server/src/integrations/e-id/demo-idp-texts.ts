import { DEFAULT_LOCALE, toLocaleId, type LocaleId } from '@portal/schema/locale-ids';

export type DemoIdpTexts = {
  title: string;
  explanation: string;
  identityLegend: string;
  methodLegend: string;
  noEmail: string;
  continue: string;
  cancel: string;
  /** `{bank}` is replaced by the bank's name. */
  bankId: string;
  mobileCertificate: string;
  mobileId: string;
  idCard: string;
  invalidChoice: string;
  failed: string;
};

const TEXTS: Record<LocaleId, DemoIdpTexts> = {
  'en-GB': {
    title: 'Demo e-ID service',
    explanation: 'This page stands in for the e-ID broker in demos and tests. No real identity is checked.',
    identityLegend: 'Person',
    methodLegend: 'Authentication method',
    noEmail: 'no e-mail',
    continue: 'Continue',
    cancel: 'Cancel',
    bankId: '{bank} bank ID',
    mobileCertificate: 'Mobile certificate',
    mobileId: 'Mobile-ID',
    idCard: 'ID card',
    invalidChoice: 'This choice is not available. Go back and choose again.',
    failed: 'Sign-in could not be completed',
  },
  'et-EE': {
    title: 'Demo e-ID teenus',
    explanation: 'See leht asendab demodes ja testides e-ID vahendajat. Päris isikut ei kontrollita.',
    identityLegend: 'Isik',
    methodLegend: 'Autentimisviis',
    noEmail: 'e-posti pole',
    continue: 'Jätka',
    cancel: 'Katkesta',
    bankId: '{bank} pangalink',
    mobileCertificate: 'Mobiilisertifikaat',
    mobileId: 'Mobiil-ID',
    idCard: 'ID-kaart',
    invalidChoice: 'See valik ei ole saadaval. Mine tagasi ja vali uuesti.',
    failed: 'Sisselogimine ebaõnnestus',
  },
  'fi-FI': {
    title: 'Demo-e-tunnistuspalvelu',
    explanation: 'Tämä sivu korvaa e-tunnistuksen välityspalvelun esittelyissä ja testeissä. Oikeaa henkilöllisyyttä ei tarkisteta.',
    identityLegend: 'Henkilö',
    methodLegend: 'Tunnistustapa',
    noEmail: 'ei sähköpostia',
    continue: 'Jatka',
    cancel: 'Peruuta',
    bankId: '{bank}-pankkitunnukset',
    mobileCertificate: 'Mobiilivarmenne',
    mobileId: 'Mobiili-ID',
    idCard: 'Henkilökortti',
    invalidChoice: 'Tämä valinta ei ole käytettävissä. Palaa takaisin ja valitse uudelleen.',
    failed: 'Tunnistautuminen ei onnistunut',
  },
  'lv-LV': {
    title: 'Demonstrācijas e-ID pakalpojums',
    explanation: 'Šī lapa demonstrācijās un testos aizstāj e-ID starpnieku. Īsta identitāte netiek pārbaudīta.',
    identityLegend: 'Persona',
    methodLegend: 'Autentifikācijas veids',
    noEmail: 'nav e-pasta',
    continue: 'Turpināt',
    cancel: 'Atcelt',
    bankId: '{bank} internetbanka',
    mobileCertificate: 'Mobilais sertifikāts',
    mobileId: 'Mobile-ID',
    idCard: 'ID karte',
    invalidChoice: 'Šī izvēle nav pieejama. Atgriezieties un izvēlieties vēlreiz.',
    failed: 'Pieteikšanās neizdevās',
  },
  'ru-RU': {
    title: 'Демонстрационный сервис e-ID',
    explanation: 'Эта страница заменяет посредника e-ID в демонстрациях и тестах. Настоящая личность не проверяется.',
    identityLegend: 'Лицо',
    methodLegend: 'Способ аутентификации',
    noEmail: 'нет e-mail',
    continue: 'Продолжить',
    cancel: 'Отмена',
    bankId: 'Интернет-банк {bank}',
    mobileCertificate: 'Мобильный сертификат',
    mobileId: 'Mobiil-ID',
    idCard: 'ID-карта',
    invalidChoice: 'Этот вариант недоступен. Вернитесь назад и выберите снова.',
    failed: 'Не удалось выполнить вход',
  },
  'sv-FI': {
    title: 'Demotjänst för e-legitimation',
    explanation: 'Den här sidan ersätter förmedlaren av e-legitimation i demonstrationer och tester. Ingen verklig identitet kontrolleras.',
    identityLegend: 'Person',
    methodLegend: 'Identifieringsmetod',
    noEmail: 'ingen e-post',
    continue: 'Fortsätt',
    cancel: 'Avbryt',
    bankId: '{bank} bankkoder',
    mobileCertificate: 'Mobilcertifikat',
    mobileId: 'Mobil-ID',
    idCard: 'ID-kort',
    invalidChoice: 'Det här valet är inte tillgängligt. Gå tillbaka och välj igen.',
    failed: 'Inloggningen kunde inte slutföras',
  },
};

/** The first language of the OIDC `ui_locales` parameter (space-separated, in order of preference) the page speaks. */
export function demoIdpLocale(uiLocales: unknown): LocaleId {
  if (typeof uiLocales !== 'string') return DEFAULT_LOCALE;
  for (const tag of uiLocales.split(' ')) {
    const locale = toLocaleId(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export const demoIdpTexts = (locale: LocaleId): DemoIdpTexts => TEXTS[locale];
