import { createContext, use } from 'react';

/** The portal's release, as the server wrote it into index.html: form drafts of another release are not offered. */
export const AppVersionContext = createContext<string>('');

export const useAppVersion = () => use(AppVersionContext);
