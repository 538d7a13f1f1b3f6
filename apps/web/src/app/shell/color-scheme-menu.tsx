import { lazy } from 'react';
import { useFeature } from '../../shared/site/site-context.tsx';
import { PopupOnFirstClick } from '../../shared/ui/popup-on-first-click.tsx';
import { ColorSchemeButton } from './color-scheme-button.tsx';

const ColorSchemeMenuPopup = lazy(() => import('./color-scheme-menu-popup.tsx'));

/** Light, dark or follow the device: offered only on sites with the dark-theme feature (spec §4). The menu loads at the first click. */
export function ColorSchemeMenu() {
  const enabled = useFeature('DARK_THEME');
  if (!enabled) return null;
  return <PopupOnFirstClick kind="menu" control={(props) => <ColorSchemeButton {...props} />} popup={<ColorSchemeMenuPopup />} />;
}
