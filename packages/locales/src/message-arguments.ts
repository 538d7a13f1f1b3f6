import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The argument names (and `<tag>` names) an ICU message expects, so a translation can be checked
 * against its source: a renamed or dropped placeholder only fails at render time otherwise.
 */
export function messageArguments(message: string): Set<string> {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        visit(el.children);
        continue;
      }
      names.add(el.value);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        for (const option of Object.values(el.options)) visit(option.value);
      }
    }
  };
  visit(parse(message));
  return names;
}
