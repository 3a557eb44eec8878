import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';

import { emptyForm, rowKey, type VacancyForm } from './form';
import { type Mode, vacancySchema } from './schema';

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
const errorsOf = (form: VacancyForm, mode: Mode) => schemaResolver(vacancySchema(mode, t), { sync: true })(form);

const NOW = new Date('2026-11-24T10:00:00Z');

/** A vacancy that passes every publishing rule. */
function complete(): VacancyForm {
  const form = emptyForm(NOW);
  return {
    ...form,
    occupationCode: 'COOK',
    categoryCodes: ['CATERING'],
    employmentTypeCode: 'FULL_TIME',
    address: 'Pärnu mnt 10, Tallinn',
    salaryFrom: 1200,
    salaryTo: 1700.5,
    salaryPeriodCode: 'MONTH',
    contents: form.contents.map((row) => (row.languageCode === 'et' ? { ...row, teaser: 'Kokk Tallinna restorani', content: '{"ops":[{"insert":"Tule meile kokaks!\\n"}]}' } : row)),
  };
}

describe('the vacancy rules', () => {
  it('let a draft be saved with nothing filled in', () => {
    expect(errorsOf(emptyForm(NOW), 'draft')).toEqual({});
  });

  it('let a complete vacancy be published', () => {
    expect(errorsOf(complete(), 'publish')).toEqual({});
  });

  it('need the occupation, a category, the address, the type of employment, the publish time, a salary and a teaser to publish', () => {
    const form = { ...emptyForm(NOW), publishDate: null, publishTime: '' };
    expect(Object.keys(errorsOf(form, 'publish')).sort()).toEqual(
      ['address', 'categoryCodes', 'contents.0.teaser', 'contents.0.content', 'employmentTypeCode', 'occupationCode', 'publishDate', 'publishTime', 'salaryFrom'].sort(),
    );
  });

  it('take the place alone as the location', () => {
    expect(errorsOf({ ...complete(), address: '', ehakCode: '0784' }, 'publish')).toEqual({});
    expect(errorsOf({ ...complete(), address: '', ehakCode: null }, 'publish')).toEqual({ address: 'validation.required' });
  });

  it('need a teaser and a text in every language begun, and allow the other languages empty', () => {
    const form = complete();
    form.contents[2] = { languageCode: 'ru', teaser: '', content: '{"ops":[{"insert":"Текст\\n"}]}' };
    form.contents[1] = { languageCode: 'en', teaser: 'A cook', content: '{"ops":[{"insert":"\\n"}]}' };
    expect(errorsOf(form, 'publish')).toEqual({ 'contents.2.teaser': 'validation.required', 'contents.1.content': 'validation.required' });
    expect(errorsOf(form, 'draft')).toEqual({});
  });

  it('keep a teaser within 85 characters, even in a draft', () => {
    const form = emptyForm(NOW);
    form.contents[1] = { languageCode: 'en', teaser: 'x'.repeat(86), content: '' };
    expect(errorsOf(form, 'draft')).toEqual({ 'contents.1.teaser': 'validation.teaserTooLong {"max":85}' });
    form.contents[1] = { languageCode: 'en', teaser: 'x'.repeat(85), content: '' };
    expect(errorsOf(form, 'draft')).toEqual({});
  });

  it('want the period of a salary amount, from not above to, no negative amounts and at most cents', () => {
    expect(errorsOf({ ...emptyForm(NOW), salaryTo: 900 }, 'draft')).toEqual({ salaryPeriodCode: 'validation.periodNeeded' });
    expect(errorsOf({ ...emptyForm(NOW), salaryFrom: 1800, salaryTo: 1200, salaryPeriodCode: 'MONTH' }, 'draft')).toEqual({ salaryTo: 'validation.fromAboveTo' });
    expect(errorsOf({ ...emptyForm(NOW), salaryFrom: -1, salaryPeriodCode: 'MONTH' }, 'draft')).toEqual({ salaryFrom: 'validation.notNegative' });
    expect(errorsOf({ ...emptyForm(NOW), salaryFrom: 10.005, salaryPeriodCode: 'HOUR' }, 'draft')).toEqual({ salaryFrom: 'validation.cents' });
    expect(errorsOf({ ...emptyForm(NOW), salaryFrom: 10.25, salaryTo: 10.25, salaryPeriodCode: 'HOUR' }, 'draft')).toEqual({});
  });

  it('report a rule across fields together with a wrong field', () => {
    const form = { ...emptyForm(NOW), salaryFrom: 2000, salaryTo: 1000, salaryPeriodCode: 'MONTH', minAge: 200 };
    expect(errorsOf(form, 'draft')).toEqual({ salaryTo: 'validation.fromAboveTo', minAge: 'validation.between {"min":14,"max":100}' });
  });

  it('take salary by agreement without amounts or a period', () => {
    const form = { ...complete(), salaryFrom: '' as const, salaryTo: '' as const, salaryPeriodCode: null, salaryByAgreement: true };
    expect(errorsOf(form, 'publish')).toEqual({});
  });

  it('want a language and a proficiency in every language row, each language once', () => {
    const form = { ...emptyForm(NOW), languages: [{ key: rowKey(), language: 'et', proficiency: 'C1' }, { key: rowKey(), language: 'en', proficiency: null }] };
    expect(errorsOf(form, 'draft')).toEqual({ 'languages.1.proficiency': 'validation.required' });
    form.languages.push({ key: rowKey(), language: 'et', proficiency: 'B1' });
    expect(errorsOf(form, 'draft')).toEqual({ 'languages.1.proficiency': 'validation.required', 'languages.2.language': 'validation.repeated' });
  });

  it('want the text of every question and a whole weight from 1 to 10', () => {
    const form = {
      ...emptyForm(NOW),
      questions: [
        { key: rowKey(), question: 'Do you have a food hygiene certificate?', weight: 10 },
        { key: rowKey(), question: '  ', weight: 0 },
        { key: rowKey(), question: 'When could you start?', weight: '' as const },
      ],
    };
    expect(errorsOf(form, 'draft')).toEqual({
      'questions.1.question': 'validation.required',
      'questions.1.weight': 'validation.weight {"min":1,"max":10}',
      'questions.2.weight': 'validation.weight {"min":1,"max":10}',
    });
  });

  it('keep the age range in order and links on http or https', () => {
    const form = { ...emptyForm(NOW), minAge: 40, maxAge: 18, videoUrl: 'javascript:alert(1)', applyLink: 'https://jobs.example.ee/cook' };
    expect(errorsOf(form, 'draft')).toEqual({ maxAge: 'validation.minAboveMax', videoUrl: 'validation.url' });
  });

  it('want both the publish date and time when one is given', () => {
    expect(errorsOf({ ...emptyForm(NOW), publishTime: '' }, 'draft')).toEqual({ publishTime: 'validation.required' });
  });
});
