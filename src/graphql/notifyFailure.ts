import { notifications } from '@mantine/notifications';

/** Shows a failure message. The id is the message: while one is shown, the same message is not repeated. */
export function notifyFailure(message: string): void {
  notifications.show({
    id: `failure:${message}`,
    color: 'red',
    title: 'Something went wrong',
    message,
    autoClose: 8_000,
  });
}
