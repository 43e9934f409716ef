import { describe, expect, it } from 'vitest';
import { parseNumericId } from '../../../../api/http/numeric-id';

describe('parseNumericId', () => {
  it.each(['1', '2', '42', '9007199254740991'])('reads %s', (text) => {
    expect(parseNumericId(text)).toBe(Number(text));
  });

  it.each(['0x2', '02', '0', '2.0', '2e0', ' 2', '2 ', '+2', '-2', '', '١٢', '9007199254740992', '1'.repeat(40), undefined])('refuses %j', (text) => {
    expect(parseNumericId(text)).toBeUndefined();
  });
});
