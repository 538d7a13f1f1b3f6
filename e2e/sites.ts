const port = Number(process.env.E2E_PORT ?? 3100);

export const siteUrl = (site: 'lumo' | 'virmalise' | 'daugava', path = '/') => `http://${site}.localhost:${port}${path}`;
