import type { MessageDescriptor } from 'react-intl';

/**
 * react-intl's `defineMessages` without importing react-intl: for modules the entry loads (the
 * configuration), whose words must not bring the ICU runtime into the first script. The extractor and
 * the lint know it by its name.
 */
export function defineMessages<K extends string>(
  messages: Record<K, MessageDescriptor>,
): Record<K, MessageDescriptor> {
  return messages;
}

/**
 * The English of a message whose arguments are plain (`"{field}" must be a URL.`), without the ICU
 * runtime: for an error's own `message`, made before any language is loaded. Screens format the
 * descriptor itself, in the person's language.
 */
export function plainEnglish(message: MessageDescriptor, values: Record<string, string> = {}): string {
  const text = typeof message.defaultMessage === 'string' ? message.defaultMessage : '';
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
