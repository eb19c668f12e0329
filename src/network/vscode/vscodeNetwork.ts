// The network as VS Code has it, for the routed transport: its `http.*` settings, read for every
// request (a change takes effect with the next one, without a reload), the extension host's
// environment, the operating system's trusted roots as VS Code reads them, and VS Code's own fetch.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../../log/logger';
import { defaultNetworkSettings, type NetworkSettings, type ProxySupport } from '../proxyRoute';
import type { NodeNetwork } from '../routedTransport';
import { linuxBundleRoots, nodeSystemRoots, type SystemRoots } from '../trust';

const PROXY_SUPPORT: readonly ProxySupport[] = ['off', 'on', 'fallback', 'override'];

/** VS Code's network settings now. */
export function vscodeNetworkSettings(): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const support = http.get<string>('proxySupport');
  const noProxy = http.get<unknown>('noProxy');
  return {
    proxy: http.get<string>('proxy') ?? '',
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    proxySupport: PROXY_SUPPORT.find((value) => value === support) ?? defaultNetworkSettings.proxySupport,
    proxyAuthorization: http.get<string | null>('proxyAuthorization') ?? undefined,
    proxyStrictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
    systemCertificates: http.get<boolean>('systemCertificates') ?? true,
    env: process.env,
  };
}

export function vscodeNetwork(log: Logger): NodeNetwork {
  return {
    settings: vscodeNetworkSettings,
    systemRoots: nodeSystemRoots ?? vscodeSystemRoots(log),
    // VS Code gives the extension host's fetch its proxy resolution and system certificates, unless turned off.
    hostFetch: () =>
      vscode.workspace.getConfiguration('http').get<boolean>('fetchAdditionalSupport') === false ? undefined : globalThis.fetch,
  };
}

/**
 * The system's roots on a Node without a reading of its own (VS Code 1.99's Node 20): what VS Code
 * itself reads them with, its proxy agent module, found beside it; else, on Linux, the bundle file
 * VS Code reads.
 */
function vscodeSystemRoots(log: Logger): SystemRoots {
  return async () => {
    for (const folder of ['node_modules', 'node_modules.asar']) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- VS Code's own module, where VS Code is
        const agent = require(path.join(vscode.env.appRoot, folder, '@vscode', 'proxy-agent')) as {
          loadSystemCertificates?: (params: { log: unknown }) => Promise<string[]>;
        };
        if (agent.loadSystemCertificates) return await agent.loadSystemCertificates({ log: quietLog(log) });
      } catch {
        // Not there, or another shape: the next way.
      }
    }
    return process.platform === 'linux' ? linuxBundleRoots() : [];
  };
}

/** A log for VS Code's proxy agent: what it says goes to ours at debug level. */
function quietLog(log: Logger) {
  const say = (...args: unknown[]) => log.debug(`VS Code's proxy agent: ${args.map(String).join(' ')}`);
  return { trace: say, debug: say, info: say, warn: say, error: say };
}
