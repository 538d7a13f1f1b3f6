/** The workspace's search in its address (`/staff?q=…&page=…&customer=…`): back and reload keep what staff found. */
export type StaffSearch = { q?: string; page?: number; customer?: string };

export function parseStaffSearch(search: Record<string, unknown>): StaffSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 100) : undefined;
  const page = Number(search.page);
  const customer = typeof search.customer === 'string' && search.customer ? search.customer.slice(0, 50) : undefined;
  return {
    ...(q ? { q } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 100 ? { page } : {}),
    ...(customer ? { customer } : {}),
  };
}
