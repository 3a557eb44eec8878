import PAY_HISTORY from '../payHistoryWords.json';

/**
 * Pay transparency in the wizard (issue 35 §4, EU directive 2023/970). The word list is a copy of
 * `payHistory` in `domain/src/signals/words.json` (a domain test keeps them equal), read by the
 * rules of `domain/src/signals/words.rs`: text as lowercase words split at every other character
 * and where letters meet digits, `ё` as `е`; in a phrase a word ending in `*` matches every word
 * starting so, a lone `*` any one word, `#` any number.
 */

/** The words of a text, as the server reads them. */
export function words(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let digits = false;
  for (const char of text.toLowerCase().replaceAll('ё', 'е')) {
    if (/[\p{L}\p{N}]/u.test(char)) {
      const isDigit = char >= '0' && char <= '9';
      if (current && isDigit !== digits) {
        out.push(current);
        current = '';
      }
      digits = isDigit;
      current += char;
    } else if (current) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

function wordMatches(pattern: string, word: string): boolean {
  if (pattern === '*') return true;
  if (pattern === '#') return /^[0-9]+$/.test(word);
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : pattern === word;
}

/** Where a phrase occurs in the words of a text, each occurrence as its words joined by spaces. */
export function findPhrase(phrase: string, text: readonly string[]): string[] {
  const pattern = phrase.split(/\s+/).filter(Boolean);
  const found: string[] = [];
  if (pattern.length === 0) return found;
  for (let start = 0; start + pattern.length <= text.length; start += 1) {
    const window = text.slice(start, start + pattern.length);
    if (pattern.every((p, i) => wordMatches(p, window[i]!))) {
      const hit = window.join(' ');
      if (!found.includes(hit)) found.push(hit);
    }
  }
  return found;
}

const PHRASES: readonly string[] = [...PAY_HISTORY.et, ...PAY_HISTORY.en, ...PAY_HISTORY.ru];

/** What in a screening question asks about current or past pay (empty when nothing does). */
export function asksPayHistory(question: string): string[] {
  const text = words(question);
  const found: string[] = [];
  for (const phrase of PHRASES) for (const hit of findPhrase(phrase, text)) if (!found.includes(hit)) found.push(hit);
  return found;
}

/** Whether the form states pay: an amount from or to (a range or one figure), not only "by agreement". */
export function statesPay(values: { salaryByAgreement: boolean; salaryFrom: number | string; salaryTo: number | string }): boolean {
  return !values.salaryByAgreement && (values.salaryFrom !== '' || values.salaryTo !== '');
}
