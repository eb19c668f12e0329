// The features as Node runs them (dist/features.js): calls to the platform go over undici, on the
// way VS Code's proxy and certificate settings choose (src/network).

// First: the words of every module below are in the user's language.
import './l10nSetup';
import type * as vscode from 'vscode';
import { type ActivationHandles, activateFeatures as start, type Features } from './features';
import { diagnose } from '../network/diagnosis';
import { NetworkRoutes } from '../network/routedTransport';
import { vscodeNetwork } from '../network/vscode/vscodeNetwork';
import { defaultTimeouts } from '../platform/transport';

export function activateFeatures(context: vscode.ExtensionContext, handles: Omit<ActivationHandles, 'network' | 'host'>): Features {
  return start(context, {
    ...handles,
    network: (log) => {
      const routes = new NetworkRoutes(vscodeNetwork(log));
      return {
        transport: routes.transport,
        diagnose: (origin) => diagnose(origin, routes, defaultTimeouts.connectMs),
        dispose: () => routes.dispose(),
      };
    },
    host: 'node',
  });
}
