import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

type Sample = string | number | Date | ((chunks: unknown[]) => string);

/** A stand-in for each argument a message uses, so the editor can show the text as a page would render it. */
function samples(elements: MessageFormatElement[], values: Record<string, Sample> = {}): Record<string, Sample> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        values[element.value] ??= `‹${element.value}›`;
        break;
      case TYPE.number:
      case TYPE.plural:
        values[element.value] = 2;
        break;
      case TYPE.date:
      case TYPE.time:
        values[element.value] = new Date();
        break;
      case TYPE.select:
        values[element.value] ??= 'other';
        break;
      case TYPE.tag:
        values[element.value] = (chunks) => chunks.join('');
        samples(element.children, values);
        break;
      default:
        break;
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) samples(option.value, values);
    }
  }
  return values;
}

/** The message rendered with sample values, or null when it does not parse (the editor shows the syntax error). */
export function previewMessage(message: string, locale: string): string | null {
  try {
    const elements = parse(message);
    // The syntax tree, not the text: intl-messageformat has no parser of its own in browsers (decision 105).
    const formatted = new IntlMessageFormat(elements, locale).format(samples(elements));
    return Array.isArray(formatted) ? formatted.join('') : String(formatted);
  } catch {
    return null;
  }
}
