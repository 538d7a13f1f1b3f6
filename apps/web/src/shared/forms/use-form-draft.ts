import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { actorInfoQueryOptions } from '../auth/actor-info.ts';
import { formatDateTime } from '../format/site-time.ts';
import { useAppVersion } from '../site/app-version.ts';
import { useSite } from '../site/site-context.tsx';
import { openConfirm } from '../ui/confirm-modal.ts';
import { openDraft, parseSealedDraft, sealDraft } from './draft-cipher.ts';

/** Typing is saved this long after the last change, not on every key press. */
const SAVE_AFTER_MS = 300;

/**
 * Spec §4 form drafts for a `@mantine/form` form (controlled mode): every change is saved, encrypted, in session
 * storage per person or customer acted for, with the time and the app's release. Coming back to the form with a
 * draft of this release, a confirm dialog offers to fill it in again; with none, the form starts from its initial
 * values. Call `clearDraft` once the form was sent.
 */
export function useFormDraft<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, draftId: string) {
  const { t } = useTranslation();
  const site = useSite();
  const appVersion = useAppVersion();
  const info = useQuery(actorInfoQueryOptions).data;
  const key = info?.draftKey;
  const storageKey = info ? `form-draft:${draftId}:${info.customer?.clientCode ?? 'person'}` : null;
  const offeredFor = useRef<string | null>(null);
  const resetForm = useEffectEvent(() => form.reset());
  const fillForm = useEffectEvent((values: Values) => form.setValues(values));

  const clearDraft = useCallback(() => {
    if (storageKey) sessionStorage.removeItem(storageKey);
  }, [storageKey]);

  // On arrival, and whenever the person starts acting for another customer: that owner's draft, or a fresh form.
  useEffect(() => {
    if (!storageKey || !key || offeredFor.current === storageKey) return;
    const switchedOwner = offeredFor.current !== null;
    offeredFor.current = storageKey;
    const sealed = parseSealedDraft(sessionStorage.getItem(storageKey));
    if (!sealed || sealed.version !== appVersion) {
      if (sealed) sessionStorage.removeItem(storageKey);
      if (switchedOwner) resetForm();
      return;
    }
    openConfirm({
      title: t('forms.draft.title'),
      children: t('forms.draft.body', { time: formatDateTime(sealed.savedAt, site.timezone) }),
      labels: { confirm: t('forms.draft.confirm'), cancel: t('forms.draft.cancel') },
      onConfirm: () => {
        void openDraft<Values>(sealed, key).then((values) => {
          if (values) fillForm(values);
          else sessionStorage.removeItem(storageKey);
        });
      },
      onCancel: () => {
        sessionStorage.removeItem(storageKey);
        if (switchedOwner) resetForm();
      },
    });
  }, [storageKey, key, appVersion, site.timezone, t]);

  // Every change of a form that differs from where it started is kept; one back where it started is not.
  const values = JSON.stringify(form.getValues());
  const dirty = form.isDirty();
  useEffect(() => {
    if (!storageKey || !key || offeredFor.current !== storageKey) return;
    const timer = setTimeout(() => {
      if (!dirty) {
        sessionStorage.removeItem(storageKey);
        return;
      }
      void sealDraft(JSON.parse(values), key, appVersion, new Date()).then((sealed) =>
        sessionStorage.setItem(storageKey, JSON.stringify(sealed)),
      );
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, storageKey, key, appVersion]);

  return { clearDraft };
}
