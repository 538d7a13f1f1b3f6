/**
 * Which announcements a customer closed, kept in this browser's localStorage per client id
 * (docs/decisions/059-portal-announcements.md): closing is a display preference, not a record the utility needs.
 * A browser that refuses storage (private mode, full quota) shows the banner again on the next page load.
 */
const KEEP = 100;
const keyOf = (clientId: string) => `dismissed-announcements:${clientId}`;

export function dismissedAnnouncements(clientId: string): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyOf(clientId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function dismissAnnouncement(clientId: string, id: string): void {
  // The newest last; the oldest fall off so the list never grows without end.
  const ids = [...dismissedAnnouncements(clientId).filter((kept) => kept !== id), id].slice(-KEEP);
  try {
    window.localStorage.setItem(keyOf(clientId), JSON.stringify(ids));
  } catch {
    // Storage refused: the banner is closed for this page view only.
  }
}
