import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

// The rules of csvField; tests/integration/csv-spreadsheet.test.ts has a spreadsheet (LibreOffice) read them.

describe('csvField', () => {
  it('quotes every text, doubles quotes, writes numbers plain', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' lead')).toBe('" lead"');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3.5)).toBe('-3.5');
  });

  it('puts an apostrophe before a formula character at the start of the field', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe('"\'+1"');
    expect(csvField('-2+3')).toBe('"\'-2+3"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('  =1+1')).toBe('"\'  =1+1"');
    expect(csvField('\t=1')).toBe('"\'\t\'=1"');
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('a=b, c-d')).toBe('"a=b, c-d"');
  });

  it('and at the start of every part after a ; a tab or a line break inside it', () => {
    expect(csvField('a;=1+1')).toBe('"a;\'=1+1"');
    expect(csvField('a;+1;-1;@x')).toBe('"a;\'+1;\'-1;\'@x"');
    expect(csvField('a; =1')).toBe('"a;\' =1"');
    expect(csvField('a\t=1')).toBe('"a\t\'=1"');
    expect(csvField('a\n=1')).toBe('"a\n\'=1"');
    expect(csvField('a\r\n-1')).toBe('"a\r\n\'-1"');
    expect(csvField('a;b=1')).toBe('"a;b=1"');
  });
});

describe('csvText', () => {
  it('a quoted header and rows, CRLF line ends', () => {
    expect(csvText(['Name', 'Size'], [['a;=1', 5]])).toBe('"Name","Size"\r\n"a;\'=1",5\r\n');
  });
});
