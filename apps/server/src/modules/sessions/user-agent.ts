import Bowser from 'bowser';
import { DEVICE_TYPES } from '@portal/schema/sessions';

type Device = (typeof DEVICE_TYPES)[number];
export type ParsedUserAgent = { browser: string | null; os: string | null; device: Device };

/** Browser, operating system and kind of device of a User-Agent, by Bowser (docs/decisions/077); unknown parts are null. */
export function parseUserAgent(userAgent: string | null): ParsedUserAgent {
  if (!userAgent) return { browser: null, os: null, device: 'other' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const device = DEVICE_TYPES.find((type) => type === platform.type) ?? 'other';
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') : null,
    device,
  };
}
