import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const PLAIN = Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const ACCENTED = Array.from('áƀçðëƒĝĥîĵķļɱñöþǫŕšţüṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ');
const LOOK_ALIKE = new Map(PLAIN.map((letter, i) => [letter, ACCENTED[i]]));

/** Finnish, Russian and Latvian text often runs a third longer than English; padding by as much exposes layouts that only fit English. */
const EXPANSION = 0.3;
const PADDING = '·';

function accent(text: string): string {
  return text.replace(/[a-z]/gi, (letter) => LOOK_ALIKE.get(letter) ?? letter);
}

// Only literal text is touched: argument names, plural keywords and `#` must survive for the message to format.
function accentLiterals(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return { ...el, value: accent(el.value) };
      case TYPE.tag:
        return { ...el, children: accentLiterals(el.children) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...el,
          options: Object.fromEntries(
            Object.entries(el.options).map(([key, option]) => [key, { ...option, value: accentLiterals(option.value) }]),
          ),
        };
      default:
        return el;
    }
  });
}

/** One message in the pseudo-locale: `Pay {amount}` becomes `⟦Þáý {amount}···⟧`, still valid ICU. */
export function pseudoLocalizeMessage(message: string): string {
  const padding = PADDING.repeat(Math.ceil(message.length * EXPANSION));
  return `⟦${printAST(accentLiterals(parse(message)))}${padding}⟧`;
}

/**
 * The `dev` locale: text that reaches the screen without passing through a bundle stays plain
 * English and stands out among the bracketed, accented messages.
 */
export function pseudoLocalize(bundle: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(bundle).map(([key, message]) => [key, pseudoLocalizeMessage(message)]));
}
