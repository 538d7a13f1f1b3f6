import type { ThemeDefinition } from '../../themes/theme-definition.ts';
import classes from './theme-preview.module.css';

/**
 * A theme drawn small in one scheme from its own tokens (header with logo, page, a card, a primary button), so an
 * administrator sees all 13 side by side without switching the page's theme. Decorative: the card around it names it.
 */
export function ThemePreview({ theme, scheme }: { theme: ThemeDefinition; scheme: 'light' | 'dark' }) {
  const palette = theme.palette[scheme];
  const primary = theme.colors[theme.primaryColor]?.[theme.primaryShade[scheme]] ?? palette.text;
  const logo = scheme === 'dark' && theme.logoDark ? theme.logoDark : theme.logo;
  return (
    <div className={classes.preview} style={{ background: palette.body, color: palette.text, borderColor: palette.border }} aria-hidden>
      <div className={classes.header} style={{ background: palette.headerBg, color: palette.headerText, borderColor: palette.border }}>
        <img src={logo.src} alt="" height={16} style={{ width: 'auto' }} />
      </div>
      <div className={classes.body}>
        <div className={classes.card} style={{ background: palette.surface, borderColor: palette.border }}>
          <div className={classes.line} style={{ background: palette.text }} />
          <div className={classes.line} style={{ background: palette.dimmed, width: '60%' }} />
          <div className={classes.button} style={{ background: primary }} />
        </div>
      </div>
    </div>
  );
}
