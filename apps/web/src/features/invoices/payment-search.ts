/*
 * The payment-flow route's parameters, apart from its pages: the route validates them on the first load, so this
 * file stays tiny.
 */

/** `?payment={paymentId}` on the payment-flow pages; anything else is dropped. */
export function paymentSearch(search: Record<string, unknown>): { payment?: string } {
  const payment = typeof search.payment === 'string' && /^[0-9a-f-]{36}$/i.test(search.payment) ? search.payment : undefined;
  return { payment };
}
