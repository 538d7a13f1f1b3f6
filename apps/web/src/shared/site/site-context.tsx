import { createContext, use } from 'react';
import type { SiteFeature } from '@portal/schema/features';
import type { SiteBootstrap } from '@portal/schema/site';

export const SiteContext = createContext<SiteBootstrap | null>(null);

export function useSite(): SiteBootstrap {
  const site = use(SiteContext);
  if (!site) throw new Error('useSite needs the SiteContext provider');
  return site;
}

export function useFeature(feature: SiteFeature): boolean {
  return useSite().features.includes(feature);
}
