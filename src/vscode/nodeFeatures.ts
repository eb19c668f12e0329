// The features as Node runs them (dist/features.js): calls to the platform go over undici.

import type * as vscode from 'vscode';
import { type ActivationHandles, activateFeatures as start, type Features } from './features';
import { undiciTransport } from '../platform/undiciTransport';

export function activateFeatures(context: vscode.ExtensionContext, handles: Omit<ActivationHandles, 'transport' | 'host'>): Features {
  return start(context, { ...handles, transport: undiciTransport, host: 'Node' });
}
