import type { components } from '@/shared/api/schema';

export type CandidateItem = components['schemas']['CandidateItem'];
export type CandidateView = components['schemas']['CandidateView'];
export type CandidateAnswer = components['schemas']['CandidateAnswerView'];
export type ApplicationComment = components['schemas']['ApplicationComment'];
export type Assessment = components['schemas']['Assessment'];
export type JudgementRequest = components['schemas']['JudgementRequest'];
