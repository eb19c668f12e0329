// The Reader Signals view's feature: the signals of the period the user picked (remembered), read
// with the admin key when the view is shown and the settings or keys changed since, and on Refresh;
// never on a timer. A question opens as its conversation, read-only; a search opens Search Docs on
// its words; a page opens as a page document.

import * as vscode from 'vscode';
import { commands, storageKeys } from '../../identifiers';
import { lastDays } from '../../platform/analytics';
import type { PlatformConnection } from '../../platform/connection';
import { fail, ok, platformError, type Result } from '../../platform/errors';
import type { SettingsService } from '../../settings/vscode/settingsService';
import type { SetupService } from '../../settings/vscode/setupService';
import { number } from '../../shared/language';
import { agentJobsNeeds } from '../../settings/setupState';
import { inertText } from '../../util/inertText';
import type { ReadOnlyTexts } from '../../ui/vscode/readOnlyTexts';
import type { QuestionSignal, Signal, SignalKind } from '../signals';
import { PERIODS, type Period, ReaderSignalsModel, SIGNAL_KINDS, type SignalSource } from '../signalsModel';
import { questionText } from '../signalTexts';
import { type FixingJob, type SignalNode, SignalsTree } from './signalsTree';

export interface ReaderSignalsDeps {
  readonly platform: PlatformConnection;
  readonly settings: SettingsService;
  readonly setup: SetupService;
  readonly texts: ReadOnlyTexts;
  readonly state: vscode.Memento;
  /** The view, made at activation. */
  readonly view: vscode.TreeView<SignalNode>;
  /** The unfinished job started to fix a signal, and when the jobs change. */
  readonly fixing: FixingJob;
  readonly jobsChanged: vscode.Event<unknown>;
  /** A key was set or removed. */
  readonly keysChanged: vscode.Event<unknown>;
}

export interface ReaderSignalsFeature {
  readonly tree: SignalsTree;
  readonly model: ReaderSignalsModel;
}

const DEFAULT_PERIOD: Period = 30;

export function registerReaderSignals(context: vscode.ExtensionContext, deps: ReaderSignalsDeps): ReaderSignalsFeature {
  const period = (): Period => {
    const saved = deps.state.get<number>(storageKeys.readerSignalsPeriod);
    return PERIODS.find((days) => days === saved) ?? DEFAULT_PERIOD;
  };
  const model = new ReaderSignalsModel(() => sourceOf(deps), lastDays(period(), Date.now()));
  const need = () => agentJobsNeeds(deps.setup.current);
  const tree = new SignalsTree(model, deps.fixing, () => need() === undefined);
  // What the view last read with. Set-up changes fire on every tool call, question and job: only a
  // change of what it reads with (the platform, the project, the admin key's presence) reads again,
  // and, after a read the key or the settings failed, a key set anew or a setting changed.
  let readWith: string | undefined;
  let again = false;
  const readingWith = () => JSON.stringify([deps.setup.current.origin, deps.settings.current.projectId, deps.setup.current.keys.adminKey]);
  const failedOnSetUp = () =>
    SIGNAL_KINDS.some((kind) => {
      const state = model.state(kind);
      return state?.kind === 'failed' && ['unauthorized', 'forbidden', 'notConfigured'].includes(state.error.kind);
    });
  const stale = () => again || readWith !== readingWith();
  const userChanged = () => {
    if (failedOnSetUp()) again = true;
    showing();
  };
  // The period in the title; above the view's welcome, why it cannot read yet.
  const describe = () => {
    deps.view.description = vscode.l10n.t('last {0} days', number(period()));
    const needed = need();
    deps.view.message = needed ? inertText(needed.message) : undefined;
  };
  const refresh = async () => {
    readWith = readingWith();
    again = false;
    describe();
    await model.refresh(lastDays(period(), Date.now()));
  };
  // Read when shown, and then only when asked, or when what it reads with changed.
  const showing = () => {
    if (deps.view.visible && stale() && need() === undefined) void refresh();
  };
  describe();
  context.subscriptions.push(
    { dispose: () => model.dispose() },
    tree,
    model.onDidChange((group) => tree.redraw(group)),
    deps.jobsChanged(() => tree.redrawIfChanged()),
    deps.view.onDidChangeVisibility(showing),
    deps.settings.onDidChange(userChanged),
    deps.keysChanged(userChanged),
    deps.setup.onDidChange(() => {
      describe();
      tree.redrawIfChanged();
      showing();
    }),
    vscode.commands.registerCommand(commands.refreshReaderSignals, refresh),
    vscode.commands.registerCommand(commands.chooseReaderSignalsPeriod, async (given?: unknown) => {
      const days = PERIODS.find((choice) => choice === given) ?? (await pickPeriod(period()));
      if (days === undefined) return false;
      await deps.state.update(storageKeys.readerSignalsPeriod, days);
      await refresh();
      return true;
    }),
    vscode.commands.registerCommand(commands.loadMoreReaderSignals, (group: SignalKind) => model.loadMore(group)),
    vscode.commands.registerCommand(commands.openReaderSignal, (signal: Signal) => openSignal(deps, signal)),
  );
  showing();
  return { tree, model };
}

/** The project's analytics as the settings and keys are now, or why there are none. */
function sourceOf({ platform, settings }: ReaderSignalsDeps): Result<SignalSource> {
  const { projectId } = settings.current;
  if (projectId.trim() === '')
    return fail(
      platformError('notConfigured', vscode.l10n.t('Set the project id to read what readers could not find.'), { setting: 'projectId' }),
    );
  const { analytics } = platform.current();
  return ok({
    conversations: (range, cursor, signal) => analytics.conversations(projectId, range, cursor, { signal }),
    searches: (range, cursor, signal) => analytics.searches(projectId, range, cursor, { signal }),
    pagesByVotes: (range, limit, signal) => analytics.pagesByVotes(projectId, range, limit, { signal }),
    feedback: (range, cursor, signal) => analytics.feedback(projectId, range, cursor, { signal }),
  });
}

async function pickPeriod(current: Period): Promise<Period | undefined> {
  const items = PERIODS.map((days) => ({
    label: vscode.l10n.t('Last {0} days', number(days)),
    days,
    picked: days === current,
    ...(days === current ? { description: vscode.l10n.t('shown now') } : {}),
  }));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Docs Assistant: Reader Signals of the Last…') });
  return picked?.days;
}

async function openSignal(deps: ReaderSignalsDeps, signal: Signal): Promise<void> {
  switch (signal.kind) {
    case 'question':
      return openQuestion(deps, signal);
    case 'search':
      await vscode.commands.executeCommand(commands.searchDocs, signal.query);
      return;
    case 'page':
      await vscode.commands.executeCommand(commands.openPage, signal.path);
      return;
  }
}

/** A question's conversation, read-only: what the row knows, and the whole thread when the platform gives it. */
async function openQuestion(deps: ReaderSignalsDeps, signal: QuestionSignal): Promise<void> {
  const { projectId } = deps.settings.current;
  const [newest] = signal.conversationIds;
  const thread = newest ? await deps.platform.current().analytics.thread(projectId, newest) : undefined;
  const words = signal.question.replace(/\s+/g, ' ').slice(0, 40);
  await deps.texts.show(vscode.l10n.t('Question - {0}', words), questionText(signal, thread?.ok ? thread.value : undefined));
}
