import { describe, expect, it } from 'vitest';
import { pointingRecord } from '../../../../api/schema/white-label';

describe('pointingRecord', () => {
  it('asks for a CNAME to a host name and an A or AAAA record to an IP address, which a CNAME cannot name', () => {
    expect(pointingRecord('tours.example.com')).toBe('CNAME');
    expect(pointingRecord('localhost')).toBe('CNAME');
    expect(pointingRecord('203.0.113.7')).toBe('A');
    expect(pointingRecord('2001:db8::1')).toBe('AAAA');
    // A name that only starts like an address is still a name.
    expect(pointingRecord('1.2.3.4.nip.io')).toBe('CNAME');
  });
});
