import { useEffect } from 'react';

/** Draws nothing; says once React has committed the page it is part of (main.tsx: a server-drawn page taken over). */
export function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useEffect(onTakenOver, [onTakenOver]);
  return null;
}
