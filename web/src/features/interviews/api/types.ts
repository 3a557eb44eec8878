import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type ApplicantInterview = Schemas['ApplicantInterview'];
export type InterviewSlot = Schemas['InterviewSlot'];
export type InterviewSlots = Schemas['InterviewSlots'];
export type DisplayStatus = Schemas['DisplayStatus'];
export type InterviewType = Schemas['InterviewType'];
