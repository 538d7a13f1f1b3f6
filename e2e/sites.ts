/**
 * The journey server's port (E2E_PORT, default 3100) and its data folder, named after the port: a run on another
 * port (E2E_PORT=3200 while CI's journeys run on 3100) starts its own server on a database of its own.
 */
export const journeyPort = Number(process.env.E2E_PORT ?? 3100);
export const journeyDataDir = `.cache/e2e-data-${journeyPort}`;

export const siteUrl = (site: 'lumo' | 'virmalise' | 'daugava', path = '/') => `http://${site}.localhost:${journeyPort}${path}`;
