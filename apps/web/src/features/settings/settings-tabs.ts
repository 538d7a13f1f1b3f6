import type { ActorInfo } from '@portal/schema/identity';
import type { SiteFeature } from '@portal/schema/features';

type TabContext = { info: ActorInfo; features: readonly SiteFeature[] };
const hasCustomer = ({ info }: TabContext) => info.customer !== null;

/**
 * The tabs of spec §2 /settings, in their order, each with who has it (one line per tab). Staff acting for a customer
 * see the same tabs as the customer (docs/decisions/046); the customer's data needs a customer to act for; outage
 * contacts exist where the site has outages and the setting, push where the session's features include it (spec §6),
 * appearance where the site has the dark theme (without it the scheme is always light); "who looked at my data" and
 * active sessions are the customer's and the person's own, never shown to staff acting for them (docs/decisions/076).
 */
const TAB_RULES = {
  profile: () => true,
  contacts: hasCustomer,
  addresses: hasCustomer,
  'bank-accounts': hasCustomer,
  'outage-contacts': (context) =>
    hasCustomer(context) && context.features.includes('SETTINGS_OUTAGE_CONTACTS') && context.features.includes('OUTAGES'),
  notifications: hasCustomer,
  'push-notifications': (context) => hasCustomer(context) && context.features.includes('PUSH_NOTIFICATIONS'),
  appearance: ({ features }) => features.includes('DARK_THEME'),
  // The customer's own record of staff access, and the person's own browsers: neither is staff's to see while acting.
  'data-access': (context) => hasCustomer(context) && context.info.actingAs !== 'staff',
  // A copy of everything about the customer is theirs to ask for (decision 110), not staff's while acting.
  'my-data': (context) => hasCustomer(context) && context.info.actingAs !== 'staff',
  sessions: ({ info }) => info.actingAs !== 'staff',
} satisfies Record<string, (context: TabContext) => boolean>;

export type SettingsTab = keyof typeof TAB_RULES;
export const SETTINGS_TABS = Object.keys(TAB_RULES) as SettingsTab[];

export type SettingsSearch = { tab?: SettingsTab };

export function parseSettingsSearch(search: Record<string, unknown>): SettingsSearch {
  const tab = SETTINGS_TABS.find((candidate) => candidate === search.tab);
  return tab ? { tab } : {};
}

/** The tabs this person has on this site. */
export function availableTabs(info: ActorInfo, features: readonly SiteFeature[]): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => TAB_RULES[tab]({ info, features }));
}
