import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The argument names (and `<tag>` names) an ICU message uses. */
export function icuArguments(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      names.add(`<${element.value}>`);
      icuArguments(element.children, names);
      continue;
    }
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) icuArguments(option.value, names);
    }
  }
  return names;
}

export type IcuProblem = { kind: 'syntax'; detail: string } | { kind: 'unknown-argument'; detail: string };

/**
 * Why an administrator's text would break the page, or null: it must parse as ICU MessageFormat (what i18next-icu
 * renders), and may use only the arguments the shipped text has, since the page passes no others.
 */
export function icuProblem(message: string, shipped?: string): IcuProblem | null {
  let elements: MessageFormatElement[];
  try {
    elements = parse(message);
  } catch (error) {
    return { kind: 'syntax', detail: (error as Error).message };
  }
  if (shipped === undefined) return null;
  let allowed: Set<string>;
  try {
    allowed = icuArguments(parse(shipped));
  } catch {
    return null;
  }
  const unknown = [...icuArguments(elements)].find((name) => !allowed.has(name));
  return unknown ? { kind: 'unknown-argument', detail: unknown } : null;
}
