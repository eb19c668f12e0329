// The user's display language, for what words alone cannot say: which plural a count takes, how
// long ago something was, how a number is written. The extension sets it from VS Code's
// (`vscode.env.language`), the chat view from what the extension hands it; tests and plain Node
// use English. Words themselves go through the l10n bundle (`l10n.t`), never through here.

let language = 'en';
/**
 * Intl's formatters for the display language, built once: building one costs far more than using it
 * (the first takes 20 to 30 ms in the chat view, where a count is said after every answer).
 */
let formatters: { plurals?: Intl.PluralRules; ago?: Intl.RelativeTimeFormat; numbers: Map<number, Intl.NumberFormat> } = {
  numbers: new Map(),
};

/**
 * Sets the display language: a BCP 47 tag, as VS Code names it (`en`, `de`, `pt-br`). VS Code's
 * pseudo-language (`qps-ploc`) is English with its letters dressed up, so it counts as English. A
 * tag Intl does not take leaves English: counting wrongly is better than no feature loading.
 */
export function setDisplayLanguage(tag: string): void {
  try {
    language = Intl.getCanonicalLocales(tag.replace(/^qps-ploc$/, 'en'))[0] ?? 'en';
  } catch {
    language = 'en';
  }
  formatters = { numbers: new Map() };
}

export function displayLanguage(): string {
  return language;
}

/**
 * Whichever of two whole sentences the count takes in the display language: `one` where it is
 * singular there (1 in English, 0 and 1 in French), else `other`. Both are already translated.
 * Two forms serve every language shipped; a language with more (Polish's `few` and `many`) would
 * need a form per category here, and in its bundle.
 */
export function plural(count: number, one: string, other: string): string {
  formatters.plurals ??= new Intl.PluralRules(language);
  return formatters.plurals.select(count) === 'one' ? one : other;
}

/**
 * How long ago, in the display language: "5 minutes ago", "vor 5 Minuten". Where a language has a
 * word for it, it is used ("yesterday", "vorgestern"), as people say it.
 */
export function ago(value: number, unit: 'minute' | 'hour' | 'day'): string {
  formatters.ago ??= new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return formatters.ago.format(-value, unit);
}

/** A number as the language writes it: "2,000", "2.000"; "2.5", "2,5" with `fractionDigits`. */
export function number(value: number, fractionDigits = 0): string {
  let format = formatters.numbers.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.numbers.set(fractionDigits, format);
  }
  return format.format(value);
}
