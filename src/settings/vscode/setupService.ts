// Keeps the SetupState current as settings and keys change, and mirrors it into context keys
// that the welcome views' `when` clauses read.

import * as vscode from 'vscode';
import { contextKeys } from '../../identifiers';
import type { KeyKind } from '../../platform/keys';
import type { Logger } from '../../log/logger';
import { Disposable } from '../../util/disposable';
import { SerialQueue } from '../../util/serialQueue';
import type { KeyStore } from './keyStore';
import type { SettingsService } from './settingsService';
import { agentJobsNeeds, assistantNeeds, type KeyPresence, type SetupState, setupStateOf } from '../setupState';

export class SetupService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<SetupState>());
  readonly onDidChange = this.changed.event;
  private state: SetupState;
  private readonly updates: SerialQueue;

  constructor(
    private readonly settings: SettingsService,
    private readonly keys: KeyStore,
    private readonly log: Logger,
  ) {
    super();
    this.updates = new SerialQueue((error) =>
      this.log.error(`Could not read the set-up state: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.state = setupStateOf(settings.current, { adminKey: 'missing', assistantKey: 'missing' });
    this.register(settings.onDidChange(() => void this.refresh()));
    this.register(keys.onDidChange(() => void this.refresh()));
  }

  get current(): SetupState {
    return this.state;
  }

  /** Re-reads key presence. Calls are serialised so a slow read never overwrites a newer one. */
  refresh(): Promise<void> {
    return this.updates.run(() => this.update());
  }

  private async update(): Promise<void> {
    const draft = setupStateOf(this.settings.current, { adminKey: 'missing', assistantKey: 'missing' });
    const presence = async (kind: KeyKind): Promise<KeyPresence> => {
      if (!draft.origin) return 'missing';
      try {
        return (await this.keys.get(draft.origin, kind)) ? 'set' : 'missing';
      } catch (error) {
        this.log.error(error instanceof Error ? error.message : String(error));
        return 'unavailable';
      }
    };
    this.state = { ...draft, keys: { adminKey: await presence('adminKey'), assistantKey: await presence('assistantKey') } };
    await this.setContextKeys();
    this.changed.fire(this.state);
  }

  private async setContextKeys(): Promise<void> {
    const agentJobs = agentJobsNeeds(this.state)?.need ?? 'ready';
    await vscode.commands.executeCommand('setContext', contextKeys.agentJobsNeeds, agentJobs);
    await vscode.commands.executeCommand('setContext', contextKeys.assistantNeeds, assistantNeeds(this.state)?.need ?? 'ready');
    await vscode.commands.executeCommand('setContext', contextKeys.baseUrlInvalid, this.state.baseUrlProblem !== undefined);
  }
}
