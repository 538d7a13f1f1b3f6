import type { modals as MantineModals } from '@mantine/modals';
import { useSyncExternalStore } from 'react';
import { sendClientLog } from '../api/client-log.ts';

type Modals = typeof MantineModals;

/**
 * The modal stack's code (Mantine's modals, Modal, ScrollArea, the scroll lock) loads with the first modal a page
 * opens, not with every page (decision 105). Calls made before it is there wait for it and run in the order made.
 */
let wanted = false;
let mounted = false;
let waiting: (() => void)[] = [];
let queue: Promise<unknown> = Promise.resolve();
const subscribers = new Set<() => void>();

/** Runs a call on Mantine's modal stack once the stack is loaded and drawn; calls keep their order. */
export function onModalStack(call: (modals: Modals) => void): void {
  const stackDrawn = () => {
    if (mounted) return Promise.resolve();
    if (!wanted) {
      wanted = true;
      subscribers.forEach((notify) => notify());
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  queue = queue
    .then(() => Promise.all([import('@mantine/modals'), stackDrawn()]))
    .then(([{ modals }]) => call(modals))
    // A call that failed (its code did not load, say) is reported, and the calls after it still run.
    .catch((error: unknown) => sendClientLog({ level: 'error', message: `A modal could not be opened: ${String(error)}` }));
}

/** Whether a modal was asked for: the providers then draw the stack (`ModalStackHost`). */
export function useModalStackWanted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the drawn stack once it listens for calls; returns what to call when it is taken away. */
export function modalStackDrawn(): () => void {
  mounted = true;
  const resolved = waiting;
  waiting = [];
  resolved.forEach((resolve) => resolve());
  return () => {
    mounted = false;
  };
}
