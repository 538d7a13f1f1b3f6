import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** What a closed popup's control carries: its popup kind and state, and the click that asks for the popup. */
export type ClosedControlProps = { 'aria-haspopup': 'menu' | 'dialog'; 'aria-expanded': false; onClick: () => void };

/**
 * A control whose popup (a menu or popover: Mantine's Menu or Popover with floating-ui) loads at its first click, not
 * with every page (decision 105). Until then the control alone is drawn, closed; the click that asked for the popup
 * opens it once its code is there (`useOpenedOnArrival`). A click on the server-drawn control before the app took the
 * page over is kept and replayed (decision 104), so it loads the popup too.
 */
export function PopupOnFirstClick({
  control,
  popup,
  kind,
}: {
  /** The control, drawn closed: the same element the popup draws as its target. */
  control: (props: ClosedControlProps) => ReactNode;
  /** The lazily loaded popup, drawn with its control once asked for. */
  popup: ReactNode;
  kind: 'menu' | 'dialog';
}) {
  const [asked, setAsked] = useState(false);
  if (!asked) return control({ 'aria-haspopup': kind, 'aria-expanded': false, onClick: () => setAsked(true) });
  return <Suspense fallback={control({ 'aria-haspopup': kind, 'aria-expanded': false, onClick: () => {} })}>{popup}</Suspense>;
}

/**
 * For the popup of `PopupOnFirstClick`: it arrives because its control was clicked, so it opens at once, with the focus
 * on its control (drawn anew in its place) as a popup opened by a click has it, for the focus to return there on close.
 */
export function useOpenedOnArrival<Target extends HTMLElement>() {
  const target = useRef<Target>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    // Opened as an update after the first draw: Mantine notes the focused element when a popup opens, not when it
    // arrives open, and returns the focus there on closing.
    const timer = setTimeout(() => setOpened(true));
    return () => clearTimeout(timer);
  }, []);
  return { target, opened, setOpened };
}
