// The chat webview view. It waits for the webview's `ready` before posting anything, and checks
// every message the webview sends against the protocol.

import * as vscode from 'vscode';
import type { Logger } from '../platform/logger';
import type { SetupService } from '../settings/setupService';
import { Disposable } from '../util/disposable';
import { type FromWebview, parseFromWebview, type SetupAction, type ToWebview } from './protocol';
import { setupViewOf } from './setupView';
import { webviewHtml } from './webviewHtml';

export const CHAT_VIEW_ID = 'docsAssistant.chat';

const actionCommands: Record<SetupAction, [string, ...unknown[]]> = {
  configure: ['docsAssistant.configure'],
  setAssistantKey: ['docsAssistant.setAssistantKey'],
  openSettings: ['workbench.action.openSettings', 'docsAssistant.baseUrl'],
  showLog: ['docsAssistant.showLog'],
  checkConnection: ['docsAssistant.checkConnection'],
};

export class ChatViewProvider extends Disposable implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private webviewReady = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly setup: SetupService,
    private readonly log: Logger,
  ) {
    super();
    this.register(setup.onDidChange(() => this.postSetup()));
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
    });
    const listeners = [
      view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      view.onDidDispose(() => {
        listeners.forEach((listener) => listener.dispose());
        this.view = undefined;
        this.webviewReady = false;
      }),
    ];
    void this.setup.refresh();
  }

  private receive(raw: unknown): void {
    const message = parseFromWebview(raw);
    if (!message) {
      this.log.warn(`Ignored a message from the chat view that is not part of the protocol: ${describe(raw)}`);
      return;
    }
    this.handle(message);
  }

  private handle(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        this.webviewReady = true;
        this.postSetup();
        return;
      case 'action': {
        const [command, ...args] = actionCommands[message.action];
        void vscode.commands.executeCommand(command, ...args);
        return;
      }
    }
  }

  private postSetup(): void {
    this.post({ type: 'setup', setup: setupViewOf(this.setup.current) });
  }

  private post(message: ToWebview): void {
    if (this.view && this.webviewReady) void this.view.webview.postMessage(message);
  }
}

function describe(raw: unknown): string {
  try {
    return JSON.stringify(raw).slice(0, 200);
  } catch {
    return typeof raw;
  }
}
