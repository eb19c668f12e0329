// The Reader Signals view: three groups (questions the assistant could not answer, searches that
// found nothing, pages readers voted down), each signal a row, a page's readers' comments below it,
// Load More at the end of a group that has more, and a group's failure as one row that says what
// happened, whose click does what helps. Every word from readers or the platform is inert text.

import * as vscode from 'vscode';
import { commands, signalItemContexts } from '../../identifiers';
import type { ReaderFeedback } from '../../platform/analytics';
import type { PlatformError } from '../../platform/errors';
import { actionForError, setupAction } from '../../settings/setupActions';
import { number, plural } from '../../shared/language';
import { inertText } from '../../util/inertText';
import { age } from '../../shared/age';
import type { Signal, SignalKind } from '../signals';
import { type ReaderSignalsModel, SIGNAL_KINDS } from '../signalsModel';

export type SignalNode =
  | { readonly kind: 'group'; readonly group: SignalKind }
  | { readonly kind: 'signal'; readonly group: SignalKind; readonly signal: Signal }
  | { readonly kind: 'comment'; readonly signal: Signal; readonly comment: ReaderFeedback; readonly index: number }
  | { readonly kind: 'more'; readonly group: SignalKind }
  | { readonly kind: 'problem'; readonly group: SignalKind; readonly error: PlatformError };

/** The job fixing a signal, as its row names it. */
export type FixingJob = (key: string) => { readonly id: string; readonly label: string } | undefined;

const oneLine = (text: string, max = 120) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return inertText(line.length > max ? `${line.slice(0, max - 1)}…` : line);
};

export class SignalsTree implements vscode.TreeDataProvider<SignalNode> {
  private readonly changed = new vscode.EventEmitter<SignalNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  /** One object per group: VS Code draws a row again when given the object it was given for it. */
  private readonly groups = new Map<SignalKind, SignalNode>(SIGNAL_KINDS.map((group) => [group, { kind: 'group', group }]));
  /** What was last drawn that depends on more than the model: whether it could read, and each signal's fixing job. */
  private drawnReady: boolean | undefined;
  private readonly drawnFixing = new Map<string, string>();
  private readonly redraws: Record<SignalKind | 'all', number> = { all: 0, question: 0, search: 0, page: 0 };

  constructor(
    private readonly model: ReaderSignalsModel,
    private readonly fixing: FixingJob,
    /** Whether the settings and keys let it read: until then it shows nothing, and the view's welcome says what it needs. */
    private readonly ready: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Draws a group again, or the whole view. Every row drawn again is a new element under the
   * user's pointer: a click pressed on one row and released on its successor is lost.
   */
  redraw(group?: SignalKind): void {
    this.redraws[group ?? 'all']++;
    this.changed.fire(group && this.groups.get(group));
  }

  /**
   * Draws again what the set-up or the jobs changed, and nothing else: they change on every
   * question, tool call and poll, and most of them change nothing here.
   */
  redrawIfChanged(): void {
    if (this.drawnReady !== undefined && this.ready() !== this.drawnReady) return this.redraw();
    for (const group of SIGNAL_KINDS) {
      const signals = this.model.state(group)?.signals ?? [];
      if (signals.some((signal) => this.drawnFixing.has(signal.key) && this.drawnFixing.get(signal.key) !== this.fixingText(signal.key)))
        this.redraw(group);
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** How often each group, or the whole view, was drawn again (for the tests). */
  redrawn(): Readonly<Record<SignalKind | 'all', number>> {
    return { ...this.redraws };
  }

  /** The view as VS Code is given it: each group's row, and its rows below it, each with its node (for the tests). */
  shown(): { label: string; description: string; rows: { label: string; description: string; tooltip: string; node: SignalNode }[] }[] {
    const words = (node: SignalNode) => {
      const item = this.item(node);
      return {
        label: String(typeof item.label === 'object' ? item.label.label : (item.label ?? '')),
        description: String(item.description ?? ''),
        tooltip: typeof item.tooltip === 'object' ? item.tooltip.value : (item.tooltip ?? ''),
      };
    };
    return this.children().map((group) => ({
      ...words(group),
      rows: this.children(group).map((node) => ({ ...words(node), node })),
    }));
  }

  // VS Code's calls: what they return is what the view shows, and so what a redraw compares with.
  getChildren(node?: SignalNode): SignalNode[] {
    if (!node) this.drawnReady = this.ready();
    return this.children(node);
  }

  getTreeItem(node: SignalNode): vscode.TreeItem {
    if (node.kind === 'signal') this.drawnFixing.set(node.signal.key, this.fixingText(node.signal.key));
    return this.item(node);
  }

  private children(node?: SignalNode): SignalNode[] {
    if (!node) return this.ready() ? [...this.groups.values()] : [];
    if (node.kind === 'signal' && node.signal.kind === 'page')
      return node.signal.comments.map((comment, index) => ({ kind: 'comment', signal: node.signal, comment, index }));
    if (node.kind !== 'group') return [];
    const state = this.model.state(node.group);
    if (!state) return [];
    const rows: SignalNode[] = state.signals.map((signal) => ({ kind: 'signal', group: node.group, signal }));
    if (state.kind === 'failed') rows.push({ kind: 'problem', group: node.group, error: state.error });
    if (state.kind === 'loaded' && state.more) rows.push({ kind: 'more', group: node.group });
    return rows;
  }

  private item(node: SignalNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return this.groupItem(node.group);
      case 'signal':
        return this.signalItem(node.signal);
      case 'comment':
        return commentItem(node.comment, this.now());
      case 'more': {
        const item = new vscode.TreeItem(vscode.l10n.t('Load More'));
        item.iconPath = new vscode.ThemeIcon('fold-down');
        item.command = { command: commands.loadMoreReaderSignals, title: vscode.l10n.t('Load More'), arguments: [node.group] };
        return item;
      }
      case 'problem':
        return problemItem(node.error, node.group);
    }
  }

  private groupItem(group: SignalKind): vscode.TreeItem {
    const titles: Record<SignalKind, string> = {
      question: vscode.l10n.t('Questions the assistant could not answer'),
      search: vscode.l10n.t('Searches that found nothing'),
      page: vscode.l10n.t('Pages readers voted down'),
    };
    const item = new vscode.TreeItem(titles[group], vscode.TreeItemCollapsibleState.Expanded);
    item.id = `group:${group}`;
    const state = this.model.state(group);
    item.description =
      state?.kind === 'loading'
        ? vscode.l10n.t('loading…')
        : state?.kind === 'failed'
          ? vscode.l10n.t('not loaded')
          : state
            ? number(state.signals.length)
            : '';
    item.contextValue = `${signalItemContexts.group} ${group}`;
    return item;
  }

  /** What a signal's row says of the job fixing it, if one is. */
  private fixingText(key: string): string {
    const fixing = this.fixing(key);
    return fixing ? vscode.l10n.t('being fixed by job {0}', oneLine(fixing.label, 60)) : '';
  }

  private signalItem(signal: Signal): vscode.TreeItem {
    const fixingText = this.fixingText(signal.key);
    const fixed = fixingText ? [fixingText] : [];
    const now = this.now();
    const item = new vscode.TreeItem('');
    item.id = signal.key;
    item.contextValue = `${signalItemContexts.signal} ${signal.kind}`;
    switch (signal.kind) {
      case 'question': {
        item.label = oneLine(signal.question);
        item.iconPath = new vscode.ThemeIcon('question');
        const from = signal.pageUrl ? [vscode.l10n.t('from {0}', oneLine(signal.pageUrl, 80))] : [];
        item.description = [askedTimes(signal.count), ...since(now, signal.lastAsked), ...from, ...fixed].join(' · ');
        item.command = { command: commands.openReaderSignal, title: vscode.l10n.t('Open'), arguments: [signal] };
        break;
      }
      case 'search':
        item.label = oneLine(signal.query);
        item.iconPath = new vscode.ThemeIcon('search');
        item.description = [searchedTimes(signal.searches), ...since(now, signal.lastSearchedAt), ...fixed].join(' · ');
        item.command = { command: commands.openReaderSignal, title: vscode.l10n.t('Open'), arguments: [signal] };
        break;
      case 'page':
        item.label = oneLine(signal.path);
        item.iconPath = new vscode.ThemeIcon('thumbsdown');
        item.collapsibleState =
          signal.comments.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
        item.description = [vscode.l10n.t('{0} down of {1}', number(signal.thumbsDown), number(signal.total)), ...fixed].join(' · ');
        item.command = { command: commands.openReaderSignal, title: vscode.l10n.t('Open'), arguments: [signal] };
        break;
    }
    // A tooltip is plain text: the row's words whole, none of them markup.
    const words = signal.kind === 'question' ? signal.question : signal.kind === 'search' ? signal.query : signal.path;
    item.tooltip = `${inertText(words)}\n${String(item.description ?? '')}`;
    return item;
  }
}

function askedTimes(count: number): string {
  return plural(count, vscode.l10n.t('asked {0} time', number(count)), vscode.l10n.t('asked {0} times', number(count)));
}

function searchedTimes(count: number): string {
  return plural(count, vscode.l10n.t('searched {0} time', number(count)), vscode.l10n.t('searched {0} times', number(count)));
}

/** A reader's comment: its words, what kind of feedback it is, and when. */
function commentItem(comment: ReaderFeedback, now: number): vscode.TreeItem {
  const kinds: Record<ReaderFeedback['source'], string> = {
    code_snippet: vscode.l10n.t('on a code block'),
    contextual: vscode.l10n.t('on the page'),
    agent: vscode.l10n.t('from an AI agent'),
    thumbs_only: vscode.l10n.t('a vote'),
  };
  const words = (comment.comment ?? '').trim() || (comment.code ?? '').trim();
  const item = new vscode.TreeItem(words ? oneLine(words) : vscode.l10n.t('(no words)'));
  item.iconPath = new vscode.ThemeIcon(comment.source === 'code_snippet' ? 'code' : comment.source === 'agent' ? 'robot' : 'comment');
  item.description = [kinds[comment.source], ...since(now, comment.createdAt)].join(' · ');
  item.tooltip = inertText([comment.comment ?? '', comment.code ?? ''].filter((part) => part.trim() !== '').join('\n\n'));
  item.contextValue = signalItemContexts.comment;
  return item;
}

/** A group that could not be read: the sentence that says so, and a click that does what helps. */
function problemItem(error: PlatformError, group: SignalKind): vscode.TreeItem {
  const item = new vscode.TreeItem(oneLine(error.message, 400));
  item.iconPath = new vscode.ThemeIcon('warning');
  item.tooltip = inertText(error.message);
  const fix = actionForError(error);
  const action = fix ? setupAction(fix) : undefined;
  item.command = action
    ? { command: action.command, title: action.title, arguments: [...(action.args ?? [])] }
    : { command: commands.loadMoreReaderSignals, title: vscode.l10n.t('Try Again'), arguments: [group] };
  item.description = action?.title ?? vscode.l10n.t('Try Again');
  return item;
}

/** How long ago `timestamp` was, or nothing where the platform gave no date it can read. */
function since(now: number, timestamp: string | null | undefined): string[] {
  const at = Date.parse(timestamp ?? '');
  return Number.isNaN(at) ? [] : [age(now - at)];
}
