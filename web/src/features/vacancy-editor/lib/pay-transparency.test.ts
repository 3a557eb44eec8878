import { describe, expect, it } from 'vitest';

import { asksPayHistory, statesPay, words } from './pay-transparency';

describe('pay transparency', () => {
  it('reads a text as the server does', () => {
    expect(words('Kuni 35-aastased, NOOR kollektiiv! Ёлка')).toEqual(['kuni', '35', 'aastased', 'noor', 'kollektiiv', 'елка']);
  });

  it('finds questions about current or past pay in et, en and ru', () => {
    for (const question of [
      'Milline on teie praegune palk?',
      'Kui palju te praegu teenite?',
      'What is your current salary?',
      'How much did you earn in your last job?',
      'Какая у вас текущая зарплата?',
      'Сколько вы зарабатываете сейчас?',
    ]) {
      expect(asksPayHistory(question), question).not.toEqual([]);
    }
    expect(asksPayHistory('Milline on teie praegune palk?')).toEqual(['praegune palk']);
  });

  it('leaves questions about expectations and anything else alone', () => {
    for (const question of ['Milline on teie palgasoov?', 'What are your salary expectations?', 'Какие у вас ожидания по зарплате?', 'When could you start?']) {
      expect(asksPayHistory(question), question).toEqual([]);
    }
  });

  it('says pay is stated by an amount, not by agreement', () => {
    expect(statesPay({ salaryByAgreement: false, salaryFrom: 1500, salaryTo: '' })).toBe(true);
    expect(statesPay({ salaryByAgreement: false, salaryFrom: '', salaryTo: 2000 })).toBe(true);
    expect(statesPay({ salaryByAgreement: true, salaryFrom: '', salaryTo: '' })).toBe(false);
    expect(statesPay({ salaryByAgreement: false, salaryFrom: '', salaryTo: '' })).toBe(false);
  });
});
