import { describe, expect, it } from 'vitest';
import { parseSerialLabel, serialInTitle, serialOf, serialText, titleNamesSerial } from './serialNumbers.ts';

describe('parseSerialLabel', () => {
  it('reads the ways labels and people write a serial', () => {
    for (const label of [
      'SN 0041',
      'sn0041',
      'S/N 0041',
      'S/N: 0041',
      'SN#0041',
      'Serial 0041',
      'SERIAL NO 0041',
    ]) {
      expect(parseSerialLabel(label), label).toEqual({ kind: 'serial', value: '0041' });
    }
    expect(parseSerialLabel('  SN   1187-1190 ')).toEqual({ kind: 'serial', value: '1187-1190' });
  });

  it('reads lot numbers', () => {
    for (const label of ['LOT 24-117', 'lot# 24-117', 'Lot: 24-117', 'L/N 24-117', 'LOT NO 24-117']) {
      expect(parseSerialLabel(label), label).toEqual({ kind: 'lot', value: '24-117' });
    }
  });

  it('leaves record ids, part numbers and words alone', () => {
    for (const text of [
      'RUN-42',
      'RS-7',
      '42',
      'BRKT-0001',
      'SNAP ring',
      'LOTS',
      'SN',
      'lot',
      'snack 12',
      'SNACK12',
      'Lot A',
    ]) {
      expect(parseSerialLabel(text), text).toBeNull();
    }
  });
});

describe('serial numbers in run titles', () => {
  it('finds the serial, else the lot, a title names', () => {
    expect(serialInTitle('BRKT-0001 Rev C, SN 0041')).toEqual({ kind: 'serial', value: '0041' });
    expect(serialInTitle('Calibration TL-0001 S/N 207, Q4')).toEqual({ kind: 'serial', value: '207' });
    expect(serialInTitle('Receiving: FTG-0210 lot 24-117')).toEqual({ kind: 'lot', value: '24-117' });
    expect(serialInTitle('Receiving: VLV-0420 SN 1187-1190')).toEqual({ kind: 'serial', value: '1187-1190' });
    expect(serialInTitle('SNAP ring install')).toBeNull();
    expect(serialOf('Receiving: FTG-0210 lot 24-117')).toBeNull();
    expect(serialText({ kind: 'lot', value: '24-117' })).toBe('lot 24-117');
  });

  it('reads the serial a run title names', () => {
    expect(serialOf('BRKT-0001 Rev C, SN 0041')).toBe('SN 0041');
    expect(serialOf('Calibration TL-0001 S/N 207, Q4')).toBe('SN 207');
    expect(serialOf('Receiving: FTG-0210 lot 24-117')).toBeNull();
    // "SNAP" is a word, not a serial.
    expect(serialOf('SNAP ring install')).toBeNull();
  });

  it('matches a whole number only, in any letter case', () => {
    expect(titleNamesSerial('BRKT-0001 Rev C, SN 0041', '0041', 'serial')).toBe(true);
    expect(titleNamesSerial('BRKT-0001 Rev C, sn 0041a', '0041A', 'serial')).toBe(true);
    expect(titleNamesSerial('BRKT-0001 Rev C, SN 00410', '0041', 'serial')).toBe(false);
    expect(titleNamesSerial('BRKT-0001 Rev C, SN 0041', '0041', 'lot')).toBe(false);
    expect(titleNamesSerial('Receiving: FTG-0210 lot 24-117', '24-117', null)).toBe(true);
    expect(titleNamesSerial('Receiving: FTG-0210 lot 24-117', '24-11', null)).toBe(false);
  });
});
