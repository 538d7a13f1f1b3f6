import type { ThemeId } from '@portal/schema/themes';
import type { ThemeDefinition } from './theme-definition.ts';

/**
 * The 13 customer themes of spec §3; a site picks one by its theme_id. Each theme is its own chunk, so a
 * page downloads only its site's theme: main.tsx loads it before the first render.
 */
const LOADERS: Record<ThemeId, () => Promise<ThemeDefinition>> = {
  aurora: () => import('./aurora.ts').then((module) => module.auroraTheme),
  baltic: () => import('./baltic.ts').then((module) => module.balticTheme),
  daugava: () => import('./daugava.ts').then((module) => module.daugavaTheme),
  fjord: () => import('./fjord.ts').then((module) => module.fjordTheme),
  ember: () => import('./ember.ts').then((module) => module.emberTheme),
  meadow: () => import('./meadow.ts').then((module) => module.meadowTheme),
  granite: () => import('./granite.ts').then((module) => module.graniteTheme),
  harbour: () => import('./harbour.ts').then((module) => module.harbourTheme),
  heather: () => import('./heather.ts').then((module) => module.heatherTheme),
  lagoon: () => import('./lagoon.ts').then((module) => module.lagoonTheme),
  copper: () => import('./copper.ts').then((module) => module.copperTheme),
  birch: () => import('./birch.ts').then((module) => module.birchTheme),
  polar: () => import('./polar.ts').then((module) => module.polarTheme),
};

const loaded = new Map<ThemeId, ThemeDefinition>();

export async function loadTheme(id: ThemeId): Promise<ThemeDefinition> {
  const definition = loaded.get(id) ?? (await LOADERS[id]());
  loaded.set(id, definition);
  return definition;
}

/** The site's theme; loadTheme has run before anything renders. */
export function themeFor(id: ThemeId): ThemeDefinition {
  const definition = loaded.get(id);
  if (!definition) throw new Error(`Theme ${id} is used before loadTheme(${id}) finished`);
  return definition;
}
