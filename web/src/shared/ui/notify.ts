import { notifications } from '@mantine/notifications';

export const ERROR_TOAST_MS = 10_000;
export const TOAST_MS = 5_000;

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: ERROR_TOAST_MS, withBorder: true });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TOAST_MS, withBorder: true });
}
