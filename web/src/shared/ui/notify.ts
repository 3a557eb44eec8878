import { notifications } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';

/** The spec's timeouts (spec 1 §9): 5 s by default, 10 s for errors. */
export const ERROR_TOAST_MS = 10_000;
export const TOAST_MS = 5_000;

/** The spec's toast types. */
export type ToastType = 'default' | 'info' | 'warning' | 'success' | 'danger';

export interface Toast {
  type?: ToastType;
  title?: string;
  /** Text, or HTML when `html` is set (sanitized before it is shown). */
  message: string | ReactNode;
  /** The message is HTML: it is sanitized by DOMPurify (loaded only for such a toast) and shown as markup. */
  html?: boolean;
  /** A class of the toast's background, besides the type's own `vk-toast-<type>`. */
  className?: string;
  /** Milliseconds, or false to stay until closed; by default 10 s for danger, 5 s otherwise. */
  autoClose?: number | false;
  /** Shows this toast in place of an earlier one with the same id (and only once). */
  id?: string;
}

const COLORS: Record<ToastType, string | undefined> = {
  default: 'gray',
  info: 'blue',
  warning: 'yellow',
  success: 'green',
  danger: 'red',
};

function show(toast: Toast, message: ReactNode): void {
  const type = toast.type ?? 'default';
  notifications.show({
    id: toast.id,
    color: COLORS[type],
    title: toast.title,
    message,
    autoClose: toast.autoClose ?? (type === 'danger' ? ERROR_TOAST_MS : TOAST_MS),
    withBorder: true,
    className: ['vk-toast', `vk-toast-${type}`, toast.className].filter(Boolean).join(' '),
  });
}

/** Shows a toast of one of the spec's types; an HTML message is sanitized first. */
export function notify(toast: Toast): Promise<void> {
  if (toast.html && typeof toast.message === 'string') {
    const markup = toast.message;
    return import('dompurify').then(({ default: purify }) => {
      const clean = purify.sanitize(markup, { USE_PROFILES: { html: true } });
      show(toast, createElement('div', { dangerouslySetInnerHTML: { __html: clean } }));
    });
  }
  show(toast, toast.message);
  return Promise.resolve();
}

export function notifyError(message: string): void {
  void notify({ type: 'danger', message });
}

export function notifySuccess(message: string): void {
  void notify({ type: 'success', message });
}
