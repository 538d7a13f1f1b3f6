/**
 * ICU MessageFormat's syntax characters (arguments in braces, quoting by apostrophe): a message without any is its own
 * text, whatever it is given to format. Kept apart from the schemas, as browsers' first loads use it (decision 105).
 */
export const ICU_SYNTAX = /[{}']/;
