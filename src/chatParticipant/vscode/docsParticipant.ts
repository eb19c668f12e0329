// @docs in VS Code's own Chat view. A question goes to the platform's assistant exactly as the
// sidebar's chat sends it (the same session: the selection or the files the question refers to as
// `code` context with their paths, the thread's id and key, waits for a rate limit); the answer
// streams in as Markdown whose links cannot act, with its pages as references and anchors that
// open the page documents. `/search` lists the pages that match; `/page` shows a page's outline
// to open it at any heading, or asks about that page. No language model of VS Code's is used.

import * as vscode from 'vscode';
import type { AttachedContext } from '../../chat/conversation';
import type { ThreadKeyStore } from '../../chat/chatThread';
import { connectedSession, type SessionConnection } from '../../chat/vscode/connectedSession';
import { attachPage } from '../../chat/selectionContext';
import { participantCommands } from '../../identifiers';
import { pageHeadings } from '../../pages/headings';
import { PageDocuments } from '../../pages/vscode/pageDocuments';
import { pagePathFromInput, pageTargetFromInput } from '../../pages/pagePath';
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../platform/client';
import type { PlatformError } from '../../platform/errors';
import { originOf } from '../../platform/endpoint';
import { scopeLabel } from '../../settings/filterScope';
import { actionForError, actionForNeed, type SetupAction, setupAction } from '../../settings/setupActions';
import type { SetupService } from '../../settings/vscode/setupService';
import { assistantNeeds } from '../../settings/setupState';
import { activityText } from '../../shared/activity';
import { linkTarget } from '../../shared/linkTargets';
import { escapeMarkdown, quotedLine } from '../../util/inertText';
import { type AnswerPart, AnswerParts } from '../answerParts';
import { anchorTitle } from '../safeMarkdown';
import { type AnswerMetadata, answerMetadata, conversationOf } from '../participantHistory';
import { contextOf, historyOf } from './chatRequest';

export interface ParticipantDeps extends SessionConnection {
  readonly setup: SetupService;
  readonly pages: PageDocuments;
  readonly threadKeys: ThreadKeyStore;
}

export interface DocsParticipant {
  readonly handle: vscode.ChatRequestHandler;
  /** The pages an answer suggested, offered as `/page` follow-ups. */
  followups(result: vscode.ChatResult): vscode.ChatFollowup[];
}

const MAX_RESULT_EXCERPT = 200;

export function docsParticipant(deps: ParticipantDeps): DocsParticipant {
  return {
    handle: async (request, context, stream, token) => {
      await deps.setup.refresh();
      const needs = assistantNeeds(deps.setup.current);
      if (needs) {
        stream.markdown(text(needs.message));
        button(stream, actionForNeed(needs.need));
        return {};
      }
      switch (request.command) {
        case participantCommands.search:
          return search(deps, request.prompt, stream, token);
        case participantCommands.page:
          return page(deps, request, context, stream, token);
        default:
          return ask(deps, request.prompt, await contextOf(request.references, stream), context, stream, token);
      }
    },
    followups: (result) =>
      (answerMetadata(result.metadata)?.suggestions ?? []).flatMap((suggestion) => {
        const target = linkTarget(suggestion.target);
        if (target.kind !== 'sitePath') return [];
        return [
          {
            prompt: target.path.replace(/^\/+/, ''),
            label: vscode.l10n.t('Read "{0}"', quotedLine(suggestion.text, 60).slice(1, -1)),
            command: participantCommands.page,
          },
        ];
      }),
  };
}

/** Markdown of outside words, or of sentences that hold some: nothing in it acts, loads or draws an icon. */
function text(words: string): vscode.MarkdownString {
  return markdown(escapeMarkdown(words));
}

/** The answer's own Markdown, after answerParts.ts: no raw HTML, no command links, no icons. */
function markdown(value: string): vscode.MarkdownString {
  const string = new vscode.MarkdownString(value);
  string.isTrusted = false;
  string.supportHtml = false;
  string.supportThemeIcons = false;
  return string;
}

async function ask(
  deps: ParticipantDeps,
  question: string,
  attached: AttachedContext | undefined,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const conversation = conversationOf(historyOf(context), deps.threadKeys);
  const session = connectedSession(conversation, deps, () => {});
  const parts = new AnswerParts((part) => show(stream, part));
  const referenced = new Set<string>();
  let said = '';
  const listening = session.onEvent((event) => {
    if (event.type === 'delta') parts.push(event.text);
    else if (event.type === 'activity' && event.activity) {
      const activity = activityText(event.activity);
      if (activity !== said) stream.progress(escapeMarkdown((said = activity)));
    } else if (event.type === 'sources')
      for (const source of event.sources) {
        const uri = source.url === undefined ? undefined : sourceUri(source.url);
        if (uri && !referenced.has(uri.toString())) {
          referenced.add(uri.toString());
          stream.reference(uri);
        }
      }
  });
  const stopping = token.onCancellationRequested(() => session.stop());
  try {
    if (token.isCancellationRequested) return {};
    session.attach(attached);
    const turn = await session.ask(question);
    parts.end();
    if (!turn) return {};
    if (turn.notice) stream.markdown(text(`\n\n${turn.notice}`));
    const settings = deps.settings.current;
    const metadata: AnswerMetadata = {
      origin: originOf(settings.baseUrl) ?? '',
      domain: settings.domain,
      ...(conversation.thread.id ? { threadId: conversation.thread.id } : {}),
      ...(parts.suggestions.length > 0 ? { suggestions: parts.suggestions.slice(0, 5) } : {}),
    };
    if (turn.status === 'failed') {
      return { ...failed(stream, turn.error ?? { message: vscode.l10n.t('The assistant could not answer.') }), metadata };
    }
    return { metadata };
  } finally {
    stopping.dispose();
    listening.dispose();
    session.dispose();
  }
}

function show(stream: vscode.ChatResponseStream, part: AnswerPart): void {
  if (part.kind === 'markdown') stream.markdown(markdown(part.text));
  else stream.anchor(PageDocuments.uriOf(part.path), anchorTitle(part.title));
}

/** A button that runs one of the set-up actions (Set Assistant Key, Open Settings…). */
function button(stream: vscode.ChatResponseStream, action: SetupAction): void {
  const { command, title, args = [] } = setupAction(action);
  stream.button({ command, title, arguments: [...args] });
}

/**
 * A failure as the Chat view shows it, as Markdown (the message holds the server's words), with the
 * button that fixes its cause when there is one.
 */
function failed(stream: vscode.ChatResponseStream, error: { readonly message: string; readonly fix?: SetupAction }): vscode.ChatResult {
  if (error.fix) button(stream, error.fix);
  return { errorDetails: { message: escapeMarkdown(error.message) } };
}

/** A platform error as failed() takes it: with the button that fixes its cause. */
function withFix(error: PlatformError): { readonly message: string; readonly fix?: SetupAction } {
  const fix = actionForError(error);
  return { message: error.message, ...(fix ? { fix } : {}) };
}

/** A source as something the Chat view can open: a page document, or a web page. */
function sourceUri(url: string): vscode.Uri | undefined {
  const target = linkTarget(url);
  if (target.kind === 'web') return vscode.Uri.parse(target.url, true);
  if (target.kind !== 'sitePath') return undefined;
  const path = pagePathFromInput(target.path);
  return path.ok ? PageDocuments.uriOf(path.value) : undefined;
}

/** `/search <words>`: the pages that match, each an anchor, with its excerpt as text. */
async function search(
  deps: ParticipantDeps,
  prompt: string,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const query = prompt.trim();
  if (query === '') {
    stream.markdown(text(vscode.l10n.t('Type what to search for after /search, such as: @docs /search rate limits')));
    return {};
  }
  const { domain, filter } = deps.settings.current;
  const scope = scopeLabel(filter);
  const quoted = quotedLine(query, 100);
  stream.progress(
    escapeMarkdown(
      scope
        ? vscode.l10n.t('Searching the documentation ({0}) for {1}…', scope, quoted)
        : vscode.l10n.t('Searching the documentation for {0}…', quoted),
    ),
  );
  const found = await withSignal(token, (signal) =>
    deps.platform.current().discovery.search(domain, query, { pageSize: DEFAULT_SEARCH_PAGE_SIZE, filter }, { signal }),
  );
  if (!found.ok) return found.error.kind === 'cancelled' ? {} : failed(stream, withFix(found.error));
  if (found.value.length === 0) {
    stream.markdown(text(vscode.l10n.t('No page of the documentation matches {0}.', quoted)));
    return {};
  }
  stream.markdown(text(`${vscode.l10n.t('Pages that match {0}:', quoted)}\n`));
  for (const result of found.value) {
    const path = pagePathFromInput(result.target);
    const uri = path.ok ? PageDocuments.uriOf(path.value) : sourceUri(result.target);
    stream.markdown(markdown('\n- '));
    if (uri) stream.anchor(uri, anchorTitle(result.title ?? (path.ok ? path.value : result.target)));
    else stream.markdown(text(result.title ?? result.target));
    const excerpt = quotedLine(result.content, MAX_RESULT_EXCERPT).slice(1, -1);
    if (excerpt !== '') stream.markdown(text(`: ${excerpt}`));
  }
  return {};
}

/**
 * `/page <path or URL>`: the page's title and outline, each heading an anchor that opens the page
 * there; `/page <path> <question>` asks about that page, as the sidebar's Ask About Page does.
 */
async function page(
  deps: ParticipantDeps,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const [first = '', ...words] = request.prompt.trim().split(/\s+/);
  const target = pageTargetFromInput(first);
  if (!target.ok) {
    stream.markdown(text(vscode.l10n.t('{0} For example: @docs /page guides/quickstart', target.error.message)));
    return {};
  }
  const path = target.value.path;
  const question = words.join(' ');
  if (question !== '') return ask(deps, question, attachPage(path), context, stream, token);
  const read = await withSignal(token, (signal) => deps.pages.read(path, { signal }));
  if (!read.ok) return read.error.kind === 'cancelled' ? {} : failed(stream, withFix(read.error));
  const uri = PageDocuments.uriOf(path);
  const headings = pageHeadings(read.value.content).filter((heading) => heading.level <= 3);
  stream.reference(uri);
  stream.markdown(
    text(
      headings.length > 0
        ? `${vscode.l10n.t('The page {0}, by its headings:', path)}\n`
        : `${vscode.l10n.t('The page {0} has no headings.', path)} `,
    ),
  );
  for (const heading of headings) {
    stream.markdown(markdown(`\n${'  '.repeat(heading.level - 1)}- `));
    stream.anchor(new vscode.Location(uri, new vscode.Position(heading.line, 0)), anchorTitle(heading.text));
  }
  stream.button({ command: 'markdown.showPreview', arguments: [uri], title: vscode.l10n.t('Open Preview') });
  return {};
}

async function withSignal<T>(token: vscode.CancellationToken, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const cancel = token.onCancellationRequested(() => controller.abort());
  try {
    return await run(controller.signal);
  } finally {
    cancel.dispose();
  }
}
