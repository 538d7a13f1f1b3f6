import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';

/** Where this browser keeps the day it first showed the survey's site signed in (docs/decisions/104). */
export const FIRST_VISIT_KEY = 'portal.feedback.first-visit';

const dayOf = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/**
 * Whether this is a later visit than the first: false on the day this browser first came (and records that day), true
 * on any later day. Without storage (the server's render, a private window that refuses it) it counts as a first visit.
 */
export function pastFirstVisit(storage: Storage | undefined = globalThis.localStorage, now: Date = new Date()): boolean {
  try {
    const first = storage?.getItem(FIRST_VISIT_KEY);
    if (first) return first < dayOf(now);
    storage?.setItem(FIRST_VISIT_KEY, dayOf(now));
  } catch {
    // Storage refused: never asked, rather than asked on what may be the first visit.
  }
  return false;
}

/**
 * Whether the person has done something on this visit of the page: gone on from the page they opened, or completed a
 * change (a payment, a message, a setting). Once true, it stays true for the visit.
 */
export function useDidSomething(): boolean {
  const path = useCurrentPath();
  const [firstPath] = useState(path);
  const completed = useMutationState({ filters: { status: 'success' }, select: () => true }).length > 0;
  const [did, setDid] = useState(false);
  if (!did && (completed || path !== firstPath)) setDid(true);
  return did;
}
