// package.json against the code: each thing VS Code reads from the manifest (settings, commands,
// views, context keys, the participant and its commands, tools, the page scheme) is declared in the
// code once, and the two lists are the same. Adding one in only one place fails here. (The tools'
// input schemas against what the code reads of them: tools/toolInputs.test.ts.)

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  chatParticipant,
  commands,
  contextKeys,
  jobItemContexts,
  signalItemContexts,
  pageScheme,
  participantCommands,
  tools,
  views,
  walkthrough,
} from '../../src/identifiers';
import { SECTION, type SettingRow, settingRows } from '../../src/settings/settingsModel';
import { agentJobsWelcome } from '../../src/settings/setupState';

const root = path.resolve(__dirname, '../../..');

interface Setting {
  type: string | string[];
  default: unknown;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  scope: string;
}

interface Manifest {
  publisher: string;
  name: string;
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: {
    configuration: { properties: Record<string, Setting> };
    commands: { command: string }[];
    views: Record<string, { id: string }[]>;
    viewsContainers: { activitybar: { id: string }[] };
    menus: Record<string, { command?: string; when?: string }[]>;
    viewsWelcome: { view: string; when?: string; contents: string }[];
    keybindings: { when?: string }[];
    languageModelTools: { name: string; toolReferenceName: string }[];
    chatAgents: { path: string }[];
    chatParticipants: { id: string; name: string; commands: { name: string }[] }[];
    walkthroughs: {
      id: string;
      title: string;
      description: string;
      steps: { id: string; title: string; description: string; media: { image: string; altText: string }; completionEvents: string[] }[];
    }[];
  };
}

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const rows: [string, SettingRow<unknown>][] = Object.values(settingRows).map((row) => [`${SECTION}.${row.name}`, row]);

/** What package.json says of a setting, in the settings model's words. */
function declared(setting: Setting): Omit<SettingRow<unknown>, 'name' | 'restricted'> {
  const type = Array.isArray(setting.type) ? setting.type.join(' or ') : setting.enum ? 'one of' : setting.type;
  return {
    type: type as SettingRow<unknown>['type'],
    default: setting.default,
    ...(setting.minimum !== undefined || setting.maximum !== undefined ? { range: { min: setting.minimum!, max: setting.maximum! } } : {}),
    ...(setting.enum ? { values: setting.enum } : {}),
    scope: setting.scope as SettingRow<unknown>['scope'],
  };
}

describe('the manifest against the code', () => {
  it('declares each setting of the settings model as the model does: type, default, range, values, scope', () => {
    const { properties } = manifest.contributes.configuration;
    assert.deepEqual(Object.keys(properties).sort(), rows.map(([id]) => id).sort());
    for (const [id, { name: _name, restricted: _restricted, ...row }] of rows) assert.deepEqual(declared(properties[id]), row, id);
  });

  it('restricts in untrusted workspaces the settings the model restricts, and no other', () => {
    const { supported, restrictedConfigurations } = manifest.capabilities.untrustedWorkspaces;
    assert.equal(supported, 'limited');
    const restricted = rows.filter(([, row]) => row.restricted).map(([id]) => id);
    assert.deepEqual([...restrictedConfigurations].sort(), restricted.sort());
    // Whatever a workspace may set, it may not in an untrusted one: a project id or a site could send prompts elsewhere.
    assert.deepEqual(
      rows.filter(([, row]) => row.scope === 'window' && !row.restricted),
      [],
    );
  });

  it("lists each setting in the README's table, with its default", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = [...readme.matchAll(/^\| `(docsAssistant\.[\w.]+)` \| `([^`]*)` \|/gm)].map((match) => [match[1], match[2]]);
    assert.deepEqual(table.sort(), rows.map(([id, row]) => [id, JSON.stringify(row.default)]).sort());
  });

  it('contributes the chat participant and its commands as the code names them', () => {
    const [contributed, ...others] = manifest.contributes.chatParticipants;
    assert.deepEqual(others, []);
    assert.equal(contributed.id, chatParticipant);
    assert.deepEqual(contributed.commands.map((command) => command.name).sort(), Object.values(participantCommands).sort());
  });

  it('every command id in the code is declared in package.json, and every declared command has its id', () => {
    const declared = manifest.contributes.commands.map((command) => command.command).sort();
    assert.deepEqual(Object.values(commands).sort(), declared);
  });

  it("every context key package.json's when clauses read is one the code sets, and the views are the declared ones", () => {
    const { menus, viewsWelcome, keybindings, walkthroughs } = manifest.contributes;
    const clauses = [
      ...[...Object.values(menus).flat(), ...viewsWelcome, ...keybindings].map((entry) => entry.when ?? ''),
      ...walkthroughs.flatMap((tour) =>
        tour.steps.flatMap((step) => step.completionEvents.filter((event) => event.startsWith('onContext:'))),
      ),
    ];
    const read = new Set(
      clauses
        .flatMap((clause) => clause.match(/\bdocsAssistant\.[A-Za-z]+\b/g) ?? [])
        .filter((key) => !Object.values(views).includes(key as never)),
    );
    assert.deepEqual([...read].sort(), Object.values(contextKeys).sort());
    assert.deepEqual(
      manifest.contributes.viewsContainers.activitybar.map((container) => container.id),
      [views.container],
    );
    assert.deepEqual(
      manifest.contributes.views[views.container].map((view) => view.id).sort(),
      [views.agentJobs, views.chat, views.readerSignals].sort(),
    );
  });

  it("the tree items' context words package.json's viewItem clauses match are the code's", () => {
    const words = new Set(
      Object.values(manifest.contributes.menus)
        .flat()
        .flatMap((entry) => [...(entry.when ?? '').matchAll(/viewItem =~ \/(?:\^|\\b)(\w+)\\b\//g)].map((match) => match[1])),
    );
    assert.ok(words.size >= 4, [...words].join(', '));
    const code: string[] = [...Object.values(jobItemContexts), ...Object.values(signalItemContexts)];
    for (const word of words) assert.ok(code.includes(word), `${word} is one of identifiers.ts's`);
  });

  it("the Agent Jobs view's welcome says what the code says, for each thing it may need", () => {
    const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const words = (text: string) => text.replace(/^%(.+)%$/, (_, key: string) => nls[key]);
    const said = new Map(
      manifest.contributes.viewsWelcome
        .filter((welcome) => welcome.view === views.agentJobs)
        .map((welcome) => [
          /^docsAssistant\.baseUrlInvalid$/.test(welcome.when ?? '')
            ? 'baseUrlInvalid'
            : /agentJobsNeeds == (\w+)/.exec(welcome.when ?? '')?.[1],
          words(welcome.contents).split('\n')[0],
        ]),
    );
    assert.deepEqual(Object.fromEntries(said), agentJobsWelcome());
  });

  it("the welcome views' buttons run contributed commands: Configure where the platform or project is missing, Set Admin Key where the key is", () => {
    const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const contributed = new Set(manifest.contributes.commands.map((command) => command.command));
    const buttons = (key: string) =>
      [...(nls[key] ?? '').matchAll(/^\[([^\]]+)\]\(command:([\w.]+)\)$/gm)].map((match) => `${match[1]} -> ${match[2]}`);
    for (const welcome of manifest.contributes.viewsWelcome) {
      const key = /^%(.+)%$/.exec(welcome.contents)?.[1] ?? '';
      for (const [, id] of (nls[key] ?? '').matchAll(/\(command:([\w.]+)\)/g)) assert.ok(contributed.has(id), `${key}: ${id}`);
    }
    assert.deepEqual(buttons('viewsWelcome.agentJobs.baseUrl'), ['Configure -> docsAssistant.configure']);
    assert.deepEqual(buttons('viewsWelcome.agentJobs.projectId'), ['Configure -> docsAssistant.configure']);
    assert.deepEqual(buttons('viewsWelcome.agentJobs.adminKey'), ['Set Admin Key -> docsAssistant.setAdminKey']);
  });

  it('offers Refresh Page in the title of a page, and only there', () => {
    const entries = manifest.contributes.menus['editor/title'].filter((entry) => entry.command === commands.refreshPage);
    assert.deepEqual(
      entries.map((entry) => entry.when),
      [`resourceScheme == ${pageScheme}`],
    );
  });

  it('gives the Docs agent the tools that are ours, by the names VS Code gives them', () => {
    const agent = fs.readFileSync(path.join(root, manifest.contributes.chatAgents[0].path), 'utf8');
    const listed = [...(/^---\n([\s\S]*?)\n---/.exec(agent)?.[1] ?? '').matchAll(/^ {2}- (\S+)$/gm)].map((match) => match[1]);
    const ours = manifest.contributes.languageModelTools.map((tool) => `${manifest.publisher}.${manifest.name}/${tool.toolReferenceName}`);
    assert.deepEqual(listed.sort(), ours.sort());
  });

  it('the tools and the page scheme are the declared ones', () => {
    assert.deepEqual(manifest.contributes.languageModelTools.map((tool) => tool.name).sort(), Object.values(tools).sort());
    const clauses = Object.values(manifest.contributes.menus)
      .flat()
      .map((entry) => entry.when ?? '');
    assert.ok(clauses.includes(`resourceScheme == ${pageScheme}`));
  });

  it('has a walkthrough whose steps are the code’s, each with a picture that is packaged, words to translate and a way to be done', () => {
    const [tour, ...others] = manifest.contributes.walkthroughs;
    assert.deepEqual(others, []);
    assert.equal(tour.id, walkthrough.id);
    assert.deepEqual(
      tour.steps.map((step) => step.id),
      [...walkthrough.steps],
    );
    const packaged = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    for (const step of tour.steps) {
      assert.ok(fs.existsSync(path.join(root, step.media.image)), step.media.image);
      assert.ok(packaged.split('\n').includes(`!${step.media.image}`), `${step.media.image} goes into the .vsix`);
      for (const words of [step.title, step.description, step.media.altText]) assert.match(words, /^%walkthrough\.[\w.]+%$/);
      assert.ok(step.completionEvents.length > 0, `${step.id} can be done`);
      for (const event of step.completionEvents) {
        const command = /^onCommand:(.+)$/.exec(event)?.[1];
        if (command) assert.ok(Object.values(commands).includes(command as never), `${step.id}: ${command} is one of ours`);
        else assert.match(event, /^onContext:/);
      }
    }
    // Each button of a step's words runs one of our commands.
    const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    for (const step of tour.steps)
      for (const [, command] of nls[step.description.slice(1, -1)].matchAll(/\(command:([\w.]+)\)/g))
        assert.ok(Object.values(commands).includes(command as never), `${step.id}: ${command}`);
  });
});
