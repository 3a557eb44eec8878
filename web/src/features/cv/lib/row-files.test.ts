import { describe, expect, it } from 'vitest';

import { checkRowFile, fileSizeText, filesThatFit, MAX_PORTFOLIO_FILE_BYTES, MAX_ROW_FILE_BYTES, rowFileRule } from './row-files';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('row file rules', () => {
  it('lets certificates, courses and references take a PDF or a PNG/JPG picture of up to 10 MiB, one a row', () => {
    for (const kind of ['certificate', 'course', 'reference'] as const) {
      const rule = rowFileRule(kind);
      expect(rule.accept.split(',').sort()).toEqual(['.jpeg', '.jpg', '.pdf', '.png', 'application/pdf', 'image/jpeg', 'image/png']);
      expect(rule.maxBytes).toBe(MAX_ROW_FILE_BYTES);
      expect(rule.maxFiles).toBe(1);
      expect(rule.wrongFileKey).toBe('files.documentWrongFile');
    }
  });

  it('lets a portfolio item take documents, video and audio as well, up to 50 MiB each and 10 files', () => {
    const rule = rowFileRule('portfolio');
    for (const extension of ['.pdf', '.png', '.jpg', '.doc', '.docx', '.ppt', '.pptx', '.odt', '.mp4', '.mov', '.webm', '.mkv', '.avi', '.ogv', '.mp3', '.m4a', '.ogg', '.wav', '.flac']) {
      expect(rule.accept.split(',')).toContain(extension);
    }
    expect(rule.accept).not.toContain('.xlsx');
    expect(rule.maxBytes).toBe(MAX_PORTFOLIO_FILE_BYTES);
    expect(rule.maxFiles).toBe(10);
    expect(rule.wrongFileKey).toBe('files.portfolioWrongFile');
  });
});

describe('checkRowFile', () => {
  it('takes a file by its extension or by its type', () => {
    expect(checkRowFile('certificate', file('Scan.PDF'))).toBeNull();
    expect(checkRowFile('certificate', file('scan', 1000, 'image/jpeg'))).toBeNull();
    expect(checkRowFile('portfolio', file('talk.pptx'))).toBeNull();
    expect(checkRowFile('portfolio', file('song', 1000, 'audio/mpeg'))).toBeNull();
  });

  it('refuses a type the kind does not take', () => {
    expect(checkRowFile('certificate', file('letter.docx'))).toBe('wrongFile');
    expect(checkRowFile('course', file('clip.mp4', 1000, 'video/mp4'))).toBe('wrongFile');
    expect(checkRowFile('portfolio', file('table.xlsx'))).toBe('wrongFile');
    expect(checkRowFile('portfolio', file('notes.txt', 10, 'text/plain'))).toBe('wrongFile');
  });

  it('refuses a file over the kind’s limit, and takes one exactly at it', () => {
    expect(checkRowFile('reference', file('a.pdf', MAX_ROW_FILE_BYTES))).toBeNull();
    expect(checkRowFile('reference', file('a.pdf', MAX_ROW_FILE_BYTES + 1))).toBe('tooLarge');
    expect(checkRowFile('portfolio', file('a.pdf', MAX_ROW_FILE_BYTES + 1))).toBeNull();
    expect(checkRowFile('portfolio', file('film.mkv', MAX_PORTFOLIO_FILE_BYTES + 1))).toBe('tooLarge');
  });
});

describe('filesThatFit', () => {
  it('keeps what fits the row and tells when some did not', () => {
    expect(filesThatFit('portfolio', 8, ['a', 'b', 'c'])).toEqual({ fit: ['a', 'b'], overLimit: true });
    expect(filesThatFit('portfolio', 0, ['a'])).toEqual({ fit: ['a'], overLimit: false });
    expect(filesThatFit('certificate', 1, ['a'])).toEqual({ fit: [], overLimit: true });
  });
});

describe('fileSizeText', () => {
  it('shows KB below a megabyte and MB above', () => {
    expect(fileSizeText(200, 'en')).toEqual({ key: 'pdf.sizeKb', size: '1' });
    expect(fileSizeText(45 * 1024, 'en')).toEqual({ key: 'pdf.sizeKb', size: '45' });
    expect(fileSizeText(1.5 * 1024 * 1024, 'et')).toEqual({ key: 'pdf.size', size: '1,5' });
  });
});
