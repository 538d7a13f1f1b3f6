/** Σ digit × weight, each digit with the weight at its position; there must be a weight for every digit. */
export const weightedSum = (digits: string, weights: readonly number[]) =>
  [...digits].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);

/**
 * The check digit of the Estonian isikukood (EVS 585:2007 "Isikukood. Struktuur"), which the registrikood uses too:
 * the digits before it weighted 1 2 3 4 5 6 7 8 9 1 mod 11; a remainder of 10 is computed again with weights
 * 3 4 5 6 7 8 9 1 2 3, and a second 10 gives 0. The weights are cut to the code's length.
 */
export function estonianCheckDigit(digits: string): number {
  const first = weightedSum(digits, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
  if (first < 10) return first;
  const second = weightedSum(digits, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11;
  return second < 10 ? second : 0;
}
