// The chat webview view. It waits for the webview's `ready` before posting anything, checks every
// message the webview sends against the protocol, and relays the chat session's events, sending
// what many chunks of an answer changed (text, sources, activity) once per draw of the view
// (StreamBatcher).

import { SECTION, settingNames } from '../../settings/settingsModel';
import * as vscode from 'vscode';
import { contextKeys, pageScheme, reportScheme, views } from '../../identifiers';
import type { PageDocuments } from '../../pages/vscode/pageDocuments';
import type { Logger } from '../../log/logger';
import { runSetupAction } from '../../settings/vscode/setupMessages';
import type { SetupService } from '../../settings/vscode/setupService';
import { assistantNeeds } from '../../settings/setupState';
import { setStatusMessage, showMessage } from '../../ui/vscode/notifications';
import { Disposable } from '../../util/disposable';
import type { ChatEvent } from '../chatEvent';
import type { ChatSession } from '../chatSession';
import { SentAnswer } from '../sentAnswer';
import { StreamBatcher, type StreamUpdate } from '../streamBatcher';
import { openLink } from './links';
import { type FromWebview, MAX_QUESTION, parseFromWebview, type ToWebview } from '../../shared/protocol';
import { number } from '../../shared/language';
import { setupStatusOf } from '../setupStatus';
import { chipOf, shownTurn } from '../shownTurns';
import { webviewHtml } from '../webviewHtml';

export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private webviewReady = false;
  /** What focusQuestion() asked of a view that was not ready yet. */
  private pendingFocus: ToWebview | undefined;
  private readonly stream = this.register(new StreamBatcher((update) => this.postUpdate(update)));
  private readonly sent = new SentAnswer();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly session: ChatSession,
    private readonly setup: SetupService,
    private readonly pages: PageDocuments,
    private readonly log: Logger,
  ) {
    super();
    this.register(setup.onDidChange(() => this.postSetup()));
    this.register(session.onEvent((event) => this.relay(event)));
  }

  /** Shows the chat view. */
  async show(): Promise<void> {
    await vscode.commands.executeCommand(`${views.chat}.focus`);
  }

  /**
   * Shows the chat view and puts the cursor in the question box, with `text` in it and `note` under
   * it when given. A view still loading gets it once it is ready.
   */
  async focusQuestion(text?: string, note?: string): Promise<void> {
    await this.show();
    const message: ToWebview = { type: 'focusInput', ...(text === undefined ? {} : { text }), ...(note === undefined ? {} : { note }) };
    if (this.view && this.webviewReady) this.post(message);
    else this.pendingFocus = message;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.webviewReady = false;
    const webviewRoot = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const mediaRoot = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [webviewRoot, mediaRoot] };
    view.webview.html = webviewHtml({
      cspSource: view.webview.cspSource,
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(webviewRoot, 'chat.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, 'chat.css')).toString(),
      language: vscode.env.language,
      ...(vscode.l10n.bundle ? { bundle: vscode.l10n.bundle } : {}),
    });
    const listeners = [
      view.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      view.onDidDispose(() => {
        for (const listener of listeners) listener.dispose();
        this.view = undefined;
        this.webviewReady = false;
      }),
    ];
    void this.setup.refresh();
  }

  /** Takes a message of the webview's, as it arrives; resolves once it is handled (tests await it). */
  receive(raw: unknown): Promise<void> {
    const message = parseFromWebview(raw);
    if (!message) {
      this.log.warn(`Ignored a message from the chat view that is not part of the protocol: ${describe(raw)}`);
      // The composer keeps a question until it hears back: a question it could not send is answered too.
      if (typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'ask') {
        this.post({
          type: 'askResult',
          accepted: false,
          reason: vscode.l10n.t('The question is too long to send: the limit is {0} characters.', number(MAX_QUESTION)),
        });
      }
      return Promise.resolve();
    }
    return this.handle(message).catch((error: unknown) => this.log.error(`Chat view message ${message.type} failed: ${String(error)}`));
  }

  private async handle(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.webviewReady = true;
        this.postSetup();
        this.postConversation();
        if (this.pendingFocus) this.post(this.pendingFocus);
        this.pendingFocus = undefined;
        return;
      case 'action':
        await runSetupAction(message.action);
        return;
      case 'ask': {
        const refusal = this.refusalOf(message.text);
        this.post(refusal ? { type: 'askResult', accepted: false, reason: refusal } : { type: 'askResult', accepted: true });
        if (!refusal) await this.session.ask(message.text);
        return;
      }
      case 'stop':
        this.session.stop();
        return;
      case 'retry':
        await this.session.retry(message.turnId);
        return;
      case 'retryNow':
        this.session.retryNow(message.turnId);
        return;
      case 'removeContext':
        this.session.attach(undefined);
        return;
      case 'newConversation':
        await this.session.newConversation();
        return;
      case 'openLink':
        await openLink(message.url, this.pages, this.log);
        return;
      case 'copyCode':
        await vscode.env.clipboard.writeText(message.code);
        setStatusMessage(vscode.l10n.t('Code copied to the clipboard.'));
        return;
      case 'insertCode':
        await insertAtCursor(message.code);
        return;
      case 'scope':
        if (message.action === 'change') await runSetupAction('openSettings', FILTER_SETTING);
        else await clearSetting(FILTER_SETTING);
        return;
    }
  }

  /** Why a question typed in the view cannot be asked now, in words; undefined when it can. */
  private refusalOf(text: string): string | undefined {
    if (text.trim() === '' && !this.session.pendingContext) return vscode.l10n.t('Type a question first.');
    return assistantNeeds(this.setup.current)?.message;
  }

  private relay(event: ChatEvent): void {
    // What streams is gathered; anything else goes at once, after what was gathered.
    if (event.type === 'delta') return this.stream.text(event.turnId, event.text);
    if (event.type === 'sources') return this.stream.sources(event.turnId, event.sources);
    if (event.type === 'activity') return this.stream.activity(event.turnId, event.activity);
    this.stream.flush();
    switch (event.type) {
      case 'turnStarted':
        void vscode.commands.executeCommand('setContext', contextKeys.answering, true);
        this.post({ type: 'turnStarted', turn: shownTurn(event.turn) });
        return;
      case 'turnEnded':
        void vscode.commands.executeCommand('setContext', contextKeys.answering, this.session.answering);
        this.post({ type: 'turnEnded', turn: this.sent.ended(shownTurn(event.turn)) });
        return;
      case 'turnRemoved':
        this.post({ type: 'turnRemoved', turnId: event.turnId });
        return;
      case 'context':
        this.post({ type: 'context', context: chipOf(event.context) });
        return;
      case 'replaced':
        this.postConversation();
        return;
    }
  }

  /** What a turn's chunks changed since the last message, in the order the view shows it. */
  private postUpdate({ turnId, text, sources, activity }: StreamUpdate): void {
    if (activity) this.post({ type: 'activity', turnId, ...(activity.now ? { activity: activity.now } : {}) });
    if (sources) this.post({ type: 'sources', turnId, sources });
    if (text !== '') this.post({ type: 'delta', turnId, text });
  }

  private postConversation(): void {
    // The turns hold all the text that arrived: sent again as a delta, the text held back would show twice.
    this.stream.discard();
    this.post({
      type: 'conversation',
      turns: this.session.conversation.turns.map(shownTurn),
      context: chipOf(this.session.pendingContext),
      answering: this.session.answering,
    });
  }

  private postSetup(): void {
    this.post({ type: 'setup', setup: setupStatusOf(this.setup.current) });
  }

  private post(message: ToWebview): void {
    if (!this.view || !this.webviewReady) return this.sent.lost();
    this.sent.sending(message);
    // False when the webview has gone. This comes too late for an end posted meanwhile: what keeps
    // the view right is that a new webview says `ready` and gets the whole conversation again.
    void this.view.webview.postMessage(message).then((reached) => reached || this.sent.lost());
  }
}

const FILTER_SETTING = `${SECTION}.${settingNames.filter}`;

/** Removes `setting` wherever it is set (the user's settings, the workspace's, a folder's): its default is in force. */
async function clearSetting(setting: string): Promise<void> {
  const [section, ...rest] = setting.split('.');
  const config = vscode.workspace.getConfiguration(section);
  const name = rest.join('.');
  const inspected = config.inspect(name);
  if (inspected?.workspaceFolderValue !== undefined) await config.update(name, undefined, vscode.ConfigurationTarget.WorkspaceFolder);
  if (inspected?.workspaceValue !== undefined) await config.update(name, undefined, vscode.ConfigurationTarget.Workspace);
  if (inspected?.globalValue !== undefined) await config.update(name, undefined, vscode.ConfigurationTarget.Global);
}

/** Insert at Cursor of a code block: into the active editor, replacing each selection. */
async function insertAtCursor(code: string): Promise<void> {
  const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
  if (!editor) {
    showMessage('info', vscode.l10n.t('Open a file to insert the code into, then choose Insert at Cursor again.'));
    return;
  }
  // A page or a report of Docs Assistant's is read-only, and so is a read-only file system's file;
  // another read-only editor refuses the edit, with false or by throwing.
  const { scheme } = editor.document.uri;
  const readOnly = scheme === pageScheme || scheme === reportScheme || vscode.workspace.fs.isWritableFileSystem(scheme) === false;
  const inserted =
    !readOnly &&
    (await editor
      .edit((edit) => {
        for (const selection of editor.selections) edit.replace(selection, code);
      })
      .then(
        (done) => done,
        () => false,
      ));
  if (!inserted)
    showMessage('warning', vscode.l10n.t('The code could not be inserted into {0}: the editor is read-only.', editor.document.fileName));
}

function describe(raw: unknown): string {
  try {
    return JSON.stringify(raw).slice(0, 200);
  } catch {
    return typeof raw;
  }
}
