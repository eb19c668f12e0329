// The features as a browser runs them (dist/web/features.js): calls to the platform go over fetch.

// First: the words of every module below are in the user's language.
import './l10nSetup';
import type * as vscode from 'vscode';
import { type ActivationHandles, activateFeatures as start, type Features } from './features';
import { fetchTransport } from '../platform/fetchTransport';

export function activateFeatures(context: vscode.ExtensionContext, handles: Omit<ActivationHandles, 'network' | 'host'>): Features {
  // The browser does proxies and certificates itself.
  return start(context, {
    ...handles,
    network: () => ({ transport: fetchTransport, dispose: () => undefined }),
    host: 'web',
  });
}
