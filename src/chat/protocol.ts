// The messages between the chat view's webview and the extension. Both sides import this file;
// the extension checks every message that arrives, since a webview is untrusted content.

export type SetupAction = 'configure' | 'setAssistantKey' | 'openSettings' | 'showLog' | 'checkConnection';

const setupActions: readonly SetupAction[] = ['configure', 'setAssistantKey', 'openSettings', 'showLog', 'checkConnection'];

/** What the view shows about set-up: what is still needed, or where it is connected. */
export type SetupView =
  | { readonly kind: 'ready'; readonly origin: string; readonly domain: string }
  | { readonly kind: 'needs'; readonly title: string; readonly message: string; readonly actions: readonly SetupAction[] };

export type ToWebview = { readonly type: 'setup'; readonly setup: SetupView };

export type FromWebview = { readonly type: 'ready' } | { readonly type: 'action'; readonly action: SetupAction };

/** The message if it is one the protocol knows, with nothing extra; otherwise undefined. */
export function parseFromWebview(value: unknown): FromWebview | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
      return { type: 'ready' };
    case 'action':
      return setupActions.includes(message.action as SetupAction) ? { type: 'action', action: message.action as SetupAction } : undefined;
    default:
      return undefined;
  }
}
