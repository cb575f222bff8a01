import { describe, expect, it } from 'vitest';
import { normaliseTagId, parseScannedCode, STUDENT_QR_PREFIX } from './scan-codes';

const STUDENT = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';

describe('scanned codes', () => {
  it('reads a student card QR code as that student', () => {
    expect(parseScannedCode(`${STUDENT_QR_PREFIX}${STUDENT}`)).toEqual({ studentId: STUDENT });
    expect(parseScannedCode(`  SchoolRide:Student:${STUDENT.toUpperCase()}\n`)).toEqual({
      studentId: STUDENT,
    });
  });

  it('refuses a student card whose id is not an id', () => {
    expect(parseScannedCode(`${STUDENT_QR_PREFIX}not-an-id`)).toBeNull();
  });

  it('reads anything else as a tag id, as the office stores it', () => {
    expect(parseScannedCode('04:a2:3b:1c:5d:80')).toEqual({ tagId: '04A23B1C5D80' });
    expect(parseScannedCode('ab-12 cd')).toEqual({ tagId: 'AB12CD' });
  });

  it('refuses text that cannot be a tag id', () => {
    expect(parseScannedCode('https://example.com/x')).toBeNull();
    expect(parseScannedCode('abc')).toBeNull();
    expect(parseScannedCode('')).toBeNull();
    expect(normaliseTagId('A'.repeat(33))).toBeNull();
  });

  it('normalises an NFC serial number like the NFC tag field does', () => {
    expect(normaliseTagId('04:5e:9a:c2')).toBe('045E9AC2');
  });
});
