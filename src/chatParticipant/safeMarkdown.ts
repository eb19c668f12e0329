// What AnswerParts writes so that VS Code's Chat view, whose renderer (marked) reads the parts
// joined, finds no link, image or code where there is none: link destinations that nothing in them
// ends early, titles and words escaped, and what a bare web address before them could undo written
// as entities.

import * as l10n from '@vscode/l10n';
import { pagePathFromInput } from '../pages/pagePath';
import { linkTarget } from '../shared/linkTargets';
import { linkWords, withoutBidiControls } from '../shared/linkWords';
import { escapeMarkdown } from '../util/inertText';
import { plainTitle } from './markdownScan';

/** Escaped characters written as entities, which no web address before them can undo. */
const ENTITIES: Readonly<Record<string, string>> = { '<': '&lt;', '!': '&#33;', '[': '&#91;', '`': '&#96;' };
/** Where marked's GitHub extension reads a web address without `<…>`; it runs to a space or `<`. */
const WEB_ADDRESS = /https?:\/\/|ftp:\/\/|www\./i;
/** The longest start of one: how much of a word's end to keep to find one that spans two writes. */
const WEB_ADDRESS_START = 8;

/**
 * An anchor's title as VS Code needs it: the view writes an anchor into the answer's Markdown as
 * a link whose label is the title, unescaped.
 */
export function anchorTitle(title: string): string {
  return escapeMarkdown(title);
}

/**
 * An http(s) address as a link destination nothing in it can end early; undefined for one VS
 * Code's Chat view would make more of than a link: its own hosts (`http://_chatslash_?…` is a
 * button that sends a request to an agent, `_chatagent_`, `_vscodecontentref_`, `_vscodedecoration_`
 * likewise: no host on the web starts with `_`), and `vscodeLinkType=…`, which makes a file widget.
 */
export function linkDestination(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.hostname.startsWith('_') || /(?:^|[?&])vscodeLinkType=/i.test(parsed.search)) return undefined;
  return `<${parsed.href.replace(/[\s\\<>()`'"|]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}>`;
}

/**
 * What a link of an answer is shown as: an http(s) link written anew, a page of the site (an
 * anchor), or else its words (to escape), never read again for links or code of their own. An
 * image is never loaded: it is a link to it, or its words.
 */
export function linkAs(
  label: string,
  target: string,
  image: boolean,
): { kind: 'web'; markdown: string } | { kind: 'page'; path: string; title: string } | { kind: 'words'; words: string } {
  const address = linkTarget(target);
  const title = plainTitle(label);
  const imageWords = (words: string) => (image ? l10n.t('Image: {0}', words || target.trim()) : words);
  const written = address.kind === 'web' ? linkDestination(address.url) : undefined;
  if (written) {
    const words = imageWords(linkWords(title, target));
    return { kind: 'web', markdown: `[${escapeMarkdown(words) || written.slice(1, -1)}](${written})` };
  }
  const page = address.kind === 'sitePath' ? pagePathFromInput(address.path) : undefined;
  if (page?.ok && !image) return { kind: 'page', path: page.value, title: linkWords(title, target) || page.value };
  // No link: only words, which claim nothing.
  return { kind: 'words', words: imageWords(withoutBidiControls(title)) };
}

/** The line above an answer's pages to read next: a translation is text like any, escaped. */
export function suggestionsHeading(): string {
  return escapeMarkdown(l10n.t('Read next:'));
}

/** A backslash escape as written: an entity for what it keeps from opening something, else as it came. */
export function escapePair(pair: string): string {
  return ENTITIES[pair[1]] ?? pair;
}

/**
 * Whether a code span may be written as it came. A renderer may read it otherwise (marked does,
 * where a web address runs into it, or a `~` or a `*` comes before it), and then its words are
 * text: only words that open no link, autolink, image or tag may be. (The others are written as
 * text, escaped: all there, if not in code's font.)
 */
export function codeSpanHolds(code: string): boolean {
  return !/\[|<[A-Za-z/!?]/.test(code);
}

/**
 * The word being written on a line, followed for one thing: whether it holds a web address, which
 * renderers that link bare addresses read on to the next space (marked to a `<` too), over what follows.
 */
export class WordInProgress {
  private end = '';
  private webAddress = false;

  /** Notes text written within the line. */
  wrote(written: string): void {
    let space = written.length - 1;
    while (space >= 0 && !/\s/.test(written[space])) space--;
    const word = space < 0 ? this.end + written : written.slice(space + 1);
    this.webAddress = (space < 0 && this.webAddress) || WEB_ADDRESS.test(word);
    this.end = word.slice(-WEB_ADDRESS_START);
  }

  /** A new line: no word is being written. */
  newLine(): void {
    this.end = '';
    this.webAddress = false;
  }

  /**
   * Words escaped so that they open nothing. Within a web address, what could open a link, an
   * image or code is an entity: marked and markdown-it may read a backslash as the address's last
   * character, and the character after it as itself.
   */
  inert(words: string): string {
    const escaped = escapeMarkdown(words);
    return this.webAddress ? escaped.replace(/\\([[<!`])/g, (_, char: string) => `&#${char.charCodeAt(0)};`) : escaped;
  }
}
