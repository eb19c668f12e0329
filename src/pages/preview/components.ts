// The platform's components as HTML for VS Code's Markdown preview: what each opening and closing
// tag becomes, styled by media/preview.css. Every attribute value is escaped text, a link goes
// through the page's link rule, an image is a link (never loaded), and a colour is used only when
// it is one. A component not known here shows its content and nothing of its tag. The words it
// adds itself (a callout's label, "Show properties", "required") are translated, and escaped too.

import * as l10n from '@vscode/l10n';
import { flagAttribute, type JsxTag, textAttribute } from './jsxTags';

/** The href a link in this page may have, or undefined when it must not be a link. */
export type LinkRenderer = (href: string, env: unknown) => string | undefined;

export interface ComponentContext {
  readonly escape: (text: string) => string;
  readonly link: LinkRenderer;
}

/** A component's place among its parent's: a step's number. */
type Placed = JsxTag & { readonly index?: number };

const CALLOUTS: ReadonlySet<string> = new Set(['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger', 'Callout']);

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Stands for a value in a sentence that is escaped before the value goes in: a character no translation has. */
const VALUE = '\u{F0000}';

/** A callout's kind as its label says it (media/preview.css shows the aria-label above its content). */
function calloutLabel(name: string): string {
  switch (name) {
    case 'Note':
      return l10n.t('Note');
    case 'Info':
      return l10n.t('Info');
    case 'Tip':
      return l10n.t('Tip');
    case 'Warning':
      return l10n.t('Warning');
    case 'Check':
      return l10n.t({ message: 'Check', comment: ['A callout that marks a step as done or a thing as right: a check mark.'] });
    case 'Danger':
      return l10n.t('Danger');
    default:
      return l10n.t('Callout');
  }
}

/** The HTML an opening tag starts (a self-closing one's too). */
export function componentOpen(tag: Placed, { escape, link }: ComponentContext, env: unknown): string {
  const text = (name: string) => {
    const value = textAttribute(tag, name);
    return value === undefined ? undefined : escape(value);
  };
  const linked = (label: string, href: string | undefined) => {
    const target = href === undefined ? undefined : link(href, env);
    return target === undefined ? label : `<a href="${escape(target)}" data-href="${escape(target)}">${label}</a>`;
  };
  if (CALLOUTS.has(tag.name)) {
    const colour = textAttribute(tag, 'color');
    const style = colour && COLOUR.test(colour) ? ` style="--mdx-accent: ${colour}"` : '';
    return `<div class="mdx-callout mdx-${tag.name.toLowerCase()}" role="note" aria-label="${escape(calloutLabel(tag.name))}"${style}>`;
  }
  switch (tag.name) {
    case 'Card': {
      const title = text('title');
      const image = textAttribute(tag, 'img');
      const href = textAttribute(tag, 'href');
      return [
        `<div class="mdx-card${flagAttribute(tag, 'horizontal') ? ' mdx-card-horizontal' : ''}">`,
        image ? `<p class="mdx-card-image">${linked(escape(l10n.t('Image: {0}', image)), image)}</p>` : '',
        title
          ? `<p class="mdx-card-title">${linked(title, href)}</p>`
          : href
            ? `<p class="mdx-card-title">${linked(escape(href), href)}</p>`
            : '',
        '<div class="mdx-card-body">',
      ].join('');
    }
    case 'CardGroup':
    case 'Columns': {
      const cols = Number(textAttribute(tag, 'cols') ?? 2);
      const count = Number.isInteger(cols) ? Math.min(4, Math.max(1, cols)) : 2;
      return `<div class="mdx-columns mdx-cols-${count}">`;
    }
    case 'Steps':
      return '<ol class="mdx-steps">';
    case 'Step': {
      const title = text('title');
      return `<li class="mdx-step">${title ? `<p class="mdx-step-title">${title}</p>` : ''}<div class="mdx-step-body">`;
    }
    case 'Tabs':
      return '<div class="mdx-tabs">';
    case 'Tab':
      return `<section class="mdx-tab"><p class="mdx-tab-title">${text('title') ?? escape(l10n.t('Tab'))}</p>`;
    case 'CodeGroup':
      return '<div class="mdx-code-group">';
    case 'AccordionGroup':
      return '<div class="mdx-accordion-group">';
    case 'Accordion':
    case 'Expandable': {
      const title = textAttribute(tag, 'title');
      const description = text('description');
      const summary =
        tag.name !== 'Expandable'
          ? escape(title ?? '')
          : escape(title === undefined ? l10n.t('Show properties') : l10n.t('Show {0}', title));
      return `<details class="mdx-${tag.name.toLowerCase()}"${flagAttribute(tag, 'defaultOpen') ? ' open' : ''}><summary><span class="mdx-summary-title">${summary}</span>${
        description ? ` <span class="mdx-summary-description">${description}</span>` : ''
      }</summary><div class="mdx-details-body">`;
    }
    case 'Frame':
      return '<figure class="mdx-frame">';
    case 'ParamField':
    case 'ResponseField':
      return fieldHead(tag, escape);
    case 'RequestExample':
    case 'ResponseExample':
      return `<div class="mdx-example"><p class="mdx-example-title">${escape(tag.name === 'RequestExample' ? l10n.t('Request example') : l10n.t('Response example'))}</p>`;
    case 'Update': {
      const label = text('label');
      const description = text('description');
      return `<section class="mdx-update">${label ? `<p class="mdx-update-label">${label}</p>` : ''}${
        description ? `<p class="mdx-update-description">${description}</p>` : ''
      }<div class="mdx-update-body">`;
    }
    case 'Tooltip': {
      const tip = text('tip');
      return `<span class="mdx-tooltip"${tip ? ` title="${tip}"` : ''}>`;
    }
    default:
      return '';
  }
}

/** The HTML that ends what componentOpen started. */
export function componentClose(opener: JsxTag, { escape }: ComponentContext): string {
  if (CALLOUTS.has(opener.name)) return '</div>\n';
  switch (opener.name) {
    case 'Card':
      return '</div></div>\n';
    case 'CardGroup':
    case 'Columns':
    case 'Tabs':
    case 'CodeGroup':
    case 'AccordionGroup':
    case 'RequestExample':
    case 'ResponseExample':
      return '</div>\n';
    case 'Steps':
      return '</ol>\n';
    case 'Step':
      return '</div></li>\n';
    case 'Tab':
      return '</section>\n';
    case 'Accordion':
    case 'Expandable':
      return '</div></details>\n';
    case 'Frame': {
      const caption = textAttribute(opener, 'caption');
      return `${caption ? `<figcaption>${escape(caption)}</figcaption>` : ''}</figure>\n`;
    }
    case 'ParamField':
    case 'ResponseField':
      return '</div></div>\n';
    case 'Update':
      return '</div></section>\n';
    case 'Tooltip':
      return '</span>';
    default:
      return '';
  }
}

/** Where a request field goes, by the attribute that names it (`<ParamField query="limit">`). */
const FIELD_PLACES = ['path', 'query', 'body', 'header', 'cookie'] as const;

function fieldHead(tag: JsxTag, escape: (text: string) => string): string {
  const place = FIELD_PLACES.find((name) => textAttribute(tag, name) !== undefined);
  const name = textAttribute(tag, place ?? 'name') ?? '';
  const type = textAttribute(tag, 'type');
  const fallback = tag.attributes.default;
  const parts = [
    `<code class="mdx-field-name">${escape(name)}</code>`,
    place ? `<span class="mdx-field-place">${place}</span>` : '',
    type ? `<span class="mdx-field-type">${escape(type)}</span>` : '',
    flagAttribute(tag, 'required') ? `<span class="mdx-field-required">${escape(l10n.t('required'))}</span>` : '',
    flagAttribute(tag, 'deprecated') ? `<span class="mdx-field-deprecated">${escape(l10n.t('deprecated'))}</span>` : '',
    fallback !== undefined && fallback !== true
      ? `<span class="mdx-field-default">${withCode(l10n.t('default: {0}', VALUE), String(fallback), escape)}</span>`
      : '',
  ];
  return `<div class="mdx-field"><p class="mdx-field-head">${parts.filter((part) => part !== '').join(' ')}</p><div class="mdx-field-body">`;
}

/** A translated `sentence` as HTML, `value` in it as code where VALUE stands. */
function withCode(sentence: string, value: string, escape: (text: string) => string): string {
  return escape(sentence).replace(VALUE, () => `<code>${escape(value)}</code>`);
}
