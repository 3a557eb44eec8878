import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type ChatSummary = Schemas['ChatSummary'];
export type ChatPage = Schemas['ChatPage'];
export type Conversation = Schemas['Conversation'];
export type ChatMessage = Schemas['ChatMessage'];
export type MessageAttachment = Schemas['MessageAttachment'];
export type UploadedFile = Schemas['UploadedFile'];
