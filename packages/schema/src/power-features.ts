import type { SiteFeature } from './features.ts';

/**
 * The site features of spec §6 that make up /power-control; the page, its link and its calls exist where any is
 * on. A module of its own, free of zod, so the shell's navigation can read it without loading the schemas.
 */
export const POWER_FEATURES = [
  'RELAY_CONTROL',
  'POWER_CONTROL_ON_OFF',
  'POWER_CONTROL_HAN_PORT',
  'LIVE_READINGS',
] as const satisfies readonly SiteFeature[];
