import { describe, expect, it } from 'vitest';

import { firstStepWithErrors, nextStep, parseStep, previousStep, stepIndex, stepOfField } from './steps';

describe('the wizard steps', () => {
  it('read the URL step, the first step for anything else', () => {
    expect(parseStep('questions')).toBe('questions');
    expect(parseStep('publish')).toBe('publish');
    expect(parseStep(null)).toBe('basic');
    expect(parseStep('nonsense')).toBe('basic');
  });

  it('go forward to the publish step and back from it', () => {
    expect(nextStep('basic')).toBe('branding');
    expect(nextStep('autoReply')).toBe('publish');
    expect(previousStep('publish')).toBe('autoReply');
    expect(previousStep('branding')).toBe('basic');
    expect(previousStep('basic')).toBeNull();
    expect(stepIndex('publish')).toBe(5);
  });

  it('find the step of a field in the server’s and the form’s spelling', () => {
    expect(stepOfField('languages[1].proficiency')).toBe('requirements');
    expect(stepOfField('contents.0.teaser')).toBe('basic');
    expect(stepOfField('galleryFileIds.3')).toBe('branding');
    expect(stepOfField('publishAt')).toBe('basic');
    expect(stepOfField('autoReplyText')).toBe('autoReply');
    expect(stepOfField('productCodes')).toBeNull();
  });

  it('show the first step in wizard order that holds an error', () => {
    expect(firstStepWithErrors(['questions.0.weight', 'minAge', 'coverFileId'])).toBe('branding');
    expect(firstStepWithErrors([])).toBeNull();
  });
});
