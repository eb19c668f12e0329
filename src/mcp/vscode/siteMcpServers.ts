// The MCP server definitions Docs Assistant gives VS Code (1.101 and later): the documentation
// site's hosted server, while docsAssistant.mcpServer.enabled is on. activateWith registers the
// provider, since VS Code asks for it before anything else of the extension is used; this is what it
// hands the calls on to. In an older VS Code, turning the setting on says once that it needs a newer one.

import * as vscode from 'vscode';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { showMessage } from '../../ui/vscode/notifications';
import { Disposable } from '../../util/disposable';
import { siteMcpServer } from '../siteMcpServer';

/**
 * VS Code's MCP API, finalized in 1.101: the types this extension builds with are 1.99's, the oldest
 * VS Code it supports, so the API is looked up where it may be.
 */
interface McpApi {
  readonly McpHttpServerDefinition: new (label: string, uri: vscode.Uri, headers?: Record<string, string>, version?: string) => object;
}

function mcpApi(): McpApi | undefined {
  const api = vscode as unknown as Partial<McpApi>;
  const lm = vscode.lm as unknown as { registerMcpServerDefinitionProvider?: unknown };
  return typeof api.McpHttpServerDefinition === 'function' && typeof lm.registerMcpServerDefinitionProvider === 'function'
    ? (api as McpApi)
    : undefined;
}

export class SiteMcpServers extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** The definitions changed: VS Code asks for them again. */
  readonly onDidChange = this.changed.event;
  private last: string | undefined;

  constructor(private readonly settings: SettingsService) {
    super();
    this.last = this.key();
    this.register(
      settings.onDidChange(() => {
        const key = this.key();
        if (key === this.last) return;
        this.last = key;
        this.changed.fire();
        if (key !== undefined && !mcpApi())
          showMessage(
            'info',
            vscode.l10n.t(
              "The documentation site's MCP server needs VS Code 1.101 or later to be registered; this VS Code has no MCP support. Docs Assistant's own tools work here.",
            ),
          );
      }),
    );
  }

  /** The definitions VS Code lists: the site's server, or none. */
  definitions(): object[] {
    const api = mcpApi();
    const server = siteMcpServer(this.settings.current);
    if (!api || !server) return [];
    return [new api.McpHttpServerDefinition(vscode.l10n.t('Documentation site'), vscode.Uri.parse(server.url, true))];
  }

  private key(): string | undefined {
    return siteMcpServer(this.settings.current)?.url;
  }
}
