import type { QueryClient } from '@tanstack/react-query';

/**
 * Every key of the data cache, in one place. Queries and invalidations name keys only through this factory,
 * so a feature that changes data refreshes whatever shows it without knowing who shows it. Keys nest by data,
 * not by page: everything that shows invoices (the list, one invoice, the dashboard's card) lives under
 * `invoices.all`, so one invalidation reaches them all.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    session: () => [...queryKeys.auth.all, 'session'] as const,
    providers: () => [...queryKeys.auth.all, 'providers'] as const,
    /** Auth.js's CSRF token as the server's sign-in page carried it (docs/decisions/104). */
    pageCsrfToken: () => [...queryKeys.auth.all, 'page-csrf-token'] as const,
    /** Set when the server refused a change for want of a fresh e-ID verification (REVERIFICATION_REQUIRED). */
    reverificationDemanded: () => [...queryKeys.auth.all, 'reverification-demanded'] as const,
  },
  me: {
    all: ['me'] as const,
    info: () => [...queryKeys.me.all, 'info'] as const,
    representatives: () => [...queryKeys.me.all, 'representatives'] as const,
    profile: () => [...queryKeys.me.all, 'profile'] as const,
    bankAccounts: () => [...queryKeys.me.all, 'bank-accounts'] as const,
    contacts: () => [...queryKeys.me.all, 'contacts'] as const,
    notificationSubjects: () => [...queryKeys.me.all, 'notification-subjects'] as const,
    notificationSettings: () => [...queryKeys.me.all, 'notification-settings'] as const,
    /** Every address list (usage places, postal, billing), whatever its filters. */
    addressesAll: () => [...queryKeys.me.all, 'addresses'] as const,
    addresses: (params: object) => [...queryKeys.me.addressesAll(), params] as const,
    // Settings, alerts and push (issue 10).
    notificationHistory: () => [...queryKeys.me.all, 'notification-history'] as const,
    spotPriceNotification: () => [...queryKeys.me.all, 'notifications'] as const,
    membership: () => [...queryKeys.me.all, 'membership'] as const,
    outageAddresses: () => [...queryKeys.me.all, 'outage-addresses'] as const,
    outageContacts: (contractId: string) => [...queryKeys.me.all, 'outage-contacts', contractId] as const,
    pushConfiguration: () => [...queryKeys.me.all, 'push', 'configuration'] as const,
    pushCustomerInfo: () => [...queryKeys.me.all, 'push', 'customer-info'] as const,
    /** "Who looked at my data": the acting customer's staff accesses, a page at a time. */
    dataAccess: (page: number) => [...queryKeys.me.all, 'data-access', page] as const,
    /** The customer's copies of their data; asking for one refreshes the list. */
    dataExports: () => [...queryKeys.me.all, 'data-exports'] as const,
    erasureRequest: () => [...queryKeys.me.all, 'erasure-request'] as const,
    /** The person's active sessions; signing one out refreshes the list. */
    sessions: () => [...queryKeys.me.all, 'sessions'] as const,
  },
  /** Customer service's workspace: searches, customer cards and their recent customers. */
  staff: {
    all: ['staff'] as const,
    search: (params: { q: string; page: number }) => [...queryKeys.staff.all, 'search', params] as const,
    card: (clientCode: string) => [...queryKeys.staff.all, 'card', clientCode] as const,
    recent: () => [...queryKeys.staff.all, 'recent'] as const,
    erasureRequests: () => [...queryKeys.staff.all, 'erasure-requests'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    statistics: (series: 'consumption' | 'production', period: 'month' | 'year') =>
      [...queryKeys.dashboard.all, 'statistics', series, period] as const,
    spot: () => [...queryKeys.dashboard.all, 'spot'] as const,
    expenses: (period: 'year') => [...queryKeys.dashboard.all, 'expenses', period] as const,
    yearlyConsumption: (years: number) => [...queryKeys.dashboard.all, 'yearly-consumption', years] as const,
    /** A month's peaks (YYYY-MM), the running month's when left out. */
    powerPeaks: (month?: string) => [...queryKeys.dashboard.all, 'power-peaks', month ?? 'running'] as const,
  },
  outages: {
    all: ['outages'] as const,
    list: () => [...queryKeys.outages.all, 'list'] as const,
    meterEvents: (gsrn: string) => [...queryKeys.outages.all, 'meter-events', gsrn] as const,
    /** The planned outages the site's staff published (decision 126). */
    staff: () => [...queryKeys.outages.all, 'staff'] as const,
  },
  usagePoints: {
    all: ['usage-points'] as const,
    mine: () => [...queryKeys.usagePoints.all, 'me'] as const,
  },
  readings: {
    all: ['readings'] as const,
    series: (params: object) => [...queryKeys.readings.all, params] as const,
    usagePattern: (params: object) => [...queryKeys.readings.all, 'usage-pattern', params] as const,
    /** A metering point's register readings (docs/decisions/112); entering one refreshes them. */
    meterReadings: (meteringPointId: string) => [...queryKeys.readings.all, 'meter-readings', meteringPointId] as const,
    /** Homes like mine (decision 123); telling the home's details refreshes it. */
    homesComparison: (meteringPointId: string) => [...queryKeys.readings.all, 'homes-comparison', meteringPointId] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    list: (params: object) => [...queryKeys.invoices.all, 'list', params] as const,
    detail: (invoiceNumber: string) => [...queryKeys.invoices.all, 'detail', invoiceNumber] as const,
    /** Why the invoice differs from the bills before it (docs/decisions/117). */
    analysis: (invoiceNumber: string) => [...queryKeys.invoices.all, 'analysis', invoiceNumber] as const,
    /** The dashboard's card: invoice data, so paying or postponing refreshes it with the rest. */
    dashboard: () => [...queryKeys.invoices.all, 'dashboard'] as const,
  },
  /** Contracts: the list, one contract and its billing channels; a change refreshes all of them (spec §4). */
  contracts: {
    all: ['contracts'] as const,
    list: () => [...queryKeys.contracts.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.contracts.all, 'detail', id] as const,
    billingChannels: (id: string) => [...queryKeys.contracts.all, 'billing-channels', id] as const,
    /** Renewal offers of every live contract (RENEWAL_OFFERS). */
    offers: () => [...queryKeys.contracts.all, 'offers'] as const,
    /** A grid contract's network products compared, and its pending change (NETWORK_PRODUCT_CHANGE, decision 127). */
    networkProducts: (id: string) => [...queryKeys.contracts.all, 'network-products', id] as const,
    startInfo: (objectId: string, businessCode: string | null) =>
      [...queryKeys.contracts.all, 'start-info', objectId, businessCode] as const,
    existingEInvoice: (utility: string) => [...queryKeys.contracts.all, 'existing-e-invoice', utility] as const,
    signingStatus: (signingToken: string) => [...queryKeys.contracts.all, 'signing', signingToken] as const,
    /** What finalize answered for a signing: the signed file, or why not yet. */
    signingOutcome: (signingToken: string) => [...queryKeys.contracts.all, 'signing-outcome', signingToken] as const,
    /** Addresses of the grid that begin with what was typed (ADDRESS_AUTOCOMPLETE). */
    addressSuggestions: (text: string) => [...queryKeys.contracts.all, 'address-suggestions', text] as const,
  },
  /** The catalogue a customer may sign, by utility and campaign code. */
  products: {
    all: ['products'] as const,
    list: (params: object) => [...queryKeys.products.all, params] as const,
    /** The customer's own last twelve months priced under each product on offer (decision 120). */
    costs: (params: object) => [...queryKeys.products.all, 'costs', params] as const,
  },
  /** Banks and e-invoice operators of the site's country: reference data. */
  banks: {
    all: ['banks'] as const,
    eInvoice: () => [...queryKeys.banks.all, 'e-invoice'] as const,
    operators: () => [...queryKeys.banks.all, 'operators'] as const,
  },
  payments: {
    all: ['payments'] as const,
    detail: (paymentId: string) => [...queryKeys.payments.all, paymentId] as const,
  },
  /** Power control: meters, commands and plans; one invalidation of `all` reaches every switch and plan shown. */
  power: {
    all: ['power'] as const,
    meters: () => [...queryKeys.power.all, 'meters'] as const,
    command: (commandId: string) => [...queryKeys.power.all, 'command', commandId] as const,
    plans: () => [...queryKeys.power.all, 'plans'] as const,
  },
  /** The feedback survey: the shell's open form and, for site administrators, the site's forms and answers. */
  feedback: {
    all: ['feedback'] as const,
    form: () => [...queryKeys.feedback.all, 'form'] as const,
    siteForms: (siteId: string) => [...queryKeys.feedback.all, siteId, 'forms'] as const,
    submissions: (siteId: string, formId: string) => [...queryKeys.feedback.all, siteId, 'submissions', formId] as const,
  },
  /** Support tickets and the inbox: a reply or a closed ticket refreshes both (docs/decisions/054). */
  support: {
    all: ['support'] as const,
    subtypes: (locale: string) => [...queryKeys.support.all, 'subtypes', locale] as const,
    topics: (locale: string) => [...queryKeys.support.all, 'topics', locale] as const,
    tickets: (locale: string) => [...queryKeys.support.all, 'tickets', locale] as const,
    inbox: (locale: string) => [...queryKeys.support.all, 'inbox', locale] as const,
    queue: (params: object) => [...queryKeys.support.all, 'queue', params] as const,
  },
  /** Connection requests (decision 124): the customer's and customer service's views; any change refreshes both. */
  connections: {
    all: ['connections'] as const,
    places: () => [...queryKeys.connections.all, 'places'] as const,
    mine: () => [...queryKeys.connections.all, 'mine'] as const,
    queue: (status: 'open' | 'closed') => [...queryKeys.connections.all, 'queue', status] as const,
  },
  /** Portal announcements: the acting customer's banner and the site administrator's list; a change refreshes both. */
  announcements: {
    all: ['announcements'] as const,
    current: (clientId: string, locale: string) => [...queryKeys.announcements.all, 'current', clientId, locale] as const,
    site: (siteId: string) => [...queryKeys.announcements.all, 'site', siteId] as const,
  },
  admin: {
    all: ['admin'] as const,
    siteLocales: (siteId: string) => [...queryKeys.admin.all, siteId, 'locales'] as const,
    siteDomains: (siteId: string) => [...queryKeys.admin.all, siteId, 'domains'] as const,
    /** Everything the site page edits; any change of the site refreshes all of the site's admin answers. */
    site: (siteId: string) => [...queryKeys.admin.all, siteId] as const,
    settings: (siteId: string) => [...queryKeys.admin.all, siteId, 'settings'] as const,
    payee: (siteId: string) => [...queryKeys.admin.all, siteId, 'payee'] as const,
    translations: (siteId: string, locale: string) => [...queryKeys.admin.all, siteId, 'translations', locale] as const,
    audit: (siteId: string, filter: object) => [...queryKeys.admin.all, siteId, 'audit', filter] as const,
    /** The 13 theme definitions for the theme picker's previews (code chunks, not site data). */
    themes: () => [...queryKeys.admin.all, 'themes'] as const,
  },
};

/**
 * The acting customer changed (another customer chosen, staff started or stopped acting): every cached answer
 * belonged to the previous one, the session's acting code included.
 */
export function refetchForNewCustomer(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}

/** Signed out: the person's data must not outlive the session on a shared computer; the site's sign-in methods may. */
export function forgetSignedInData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.auth.all[0] });
  queryClient.setQueryData(queryKeys.auth.session(), null);
}
