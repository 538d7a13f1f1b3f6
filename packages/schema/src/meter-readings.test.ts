import { describe, expect, it } from 'vitest';
import { registerDecimal, registerThousandths } from './meter-readings.ts';

describe('register values as the browser and the server compare them', () => {
  it('reads a register as integer thousandths of its unit, and nothing else', () => {
    expect(registerThousandths('1234.5')).toBe(1_234_500);
    expect(registerThousandths('0.001')).toBe(1);
    expect(registerThousandths('999999999.999')).toBe(999_999_999_999);
    // Floats would say 0.1 + 0.2 ≠ 0.3; thousandths add exactly.
    expect(registerThousandths('0.1')! + registerThousandths('0.2')!).toBe(registerThousandths('0.3'));
    for (const bad of ['', '1,5', '1.2345', '-1', '1e3', '1234567890', ' 1']) expect(registerThousandths(bad)).toBeNull();
  });

  it('writes thousandths back with three decimals, the way the register is stored', () => {
    expect(registerDecimal(1_234_500)).toBe('1234.500');
    expect(registerDecimal(7)).toBe('0.007');
    expect(registerDecimal(registerThousandths('42')!)).toBe('42.000');
  });
});
