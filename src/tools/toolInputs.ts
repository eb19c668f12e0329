// What a model gives the tools, read field by field: every field that is there reaches the request,
// what is not there comes from the settings, and a value that is not one the tool takes is said in a
// sentence for the model (never thrown, never sent). package.json's input schemas describe the same
// fields to the model; a unit test holds the two together.

import type { SearchFilter } from '../platform/assistantRequest';
import type { Attachment } from '../agentJobs/attachmentOffers';
import { MAX_SELECTION_CHARS } from '../selection/selection';
import { withoutInvisible } from '../util/invisibleText';
import type { PageStart } from './pageParts';
import type { SignalKind } from '../readerSignals/signals';
import { PERIODS, type Period } from '../readerSignals/signalsModel';

/** A model's input, read; or what was wrong with it, in a sentence for the model. */
export type ToolInput<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Inputs a model may give, at most. */
export const MAX_QUERY_CHARS = 500;
export const MAX_PATH_INPUT_CHARS = 1_000;
export const MAX_QUESTION_CHARS = 4_000;
export const MAX_SCOPE_CHARS = 100;
export const MAX_HEADING_CHARS = 200;
export const MAX_INSTRUCTION_CHARS = 20_000;
/** The platform's search returns 1 to 50 results. */
export const SEARCH_COUNT = { min: 1, max: 50 } as const;

/** The scope a call narrows the documentation to: the search and the assistant's `filter` fields. */
export interface ScopeInput {
  readonly version?: string;
  readonly language?: string;
  /** The search's alone: the assistant's filter has no tag. */
  readonly tag?: string;
}

export interface SearchInput {
  readonly query: string;
  readonly pageSize?: number;
  readonly scope: ScopeInput;
}

export interface PageInput {
  /** As the model gave it: the tool reads it as a page path or a site URL. */
  readonly path: string;
  readonly start: PageStart;
}

export interface AskInput {
  readonly question: string;
  /** Code the question is about, cut to what the chat sends of a selection. */
  readonly code?: string;
  /** How long the code was, when it was cut. */
  readonly codeCutFrom?: number;
  /** The code's path in the workspace. */
  readonly path?: string;
  readonly scope: ScopeInput;
  /** The handle a previous answer gave, to go on in its thread. */
  readonly conversation?: string;
}

/** An instruction for an agent job, as the user is shown it. */
export interface InstructionInput {
  /** Without the characters that draw as nothing (the user could not read them). */
  readonly instruction: string;
  /** How many such characters the model's instruction held; 0 when none. */
  readonly invisible: number;
}

export interface StartJobInput extends InstructionInput {
  readonly attach: readonly Attachment[];
}

export interface JobInput {
  readonly id: string;
}

export interface FollowUpInput extends JobInput, InstructionInput {}

const ATTACHMENTS: readonly Attachment[] = ['selection', 'fileChanges', 'repositoryChanges'];

type Fields = Readonly<Record<string, unknown>>;
type Read<T> = { value?: T; problem?: string };

/** A text field: trimmed, on one line, at most `max` characters; `required` or left out when empty. */
function text(fields: Fields, name: string, max: number, required: boolean, oneLine = true): Read<string> {
  return textOf(fields[name], name, max, required, oneLine);
}

function textOf(value: unknown, name: string, max: number, required: boolean, oneLine: boolean): Read<string> {
  if (value === undefined || value === null) return required ? { problem: `give ${name}.` } : {};
  if (typeof value === 'string' && value.trim() === '' && !required) return {};
  if (typeof value !== 'string') return { problem: `${name} must be text.` };
  const trimmed = value.trim();
  if (trimmed === '') return { problem: `give ${name}.` };
  if (oneLine && /[\r\n]/.test(trimmed)) return { problem: `${name} must be one line.` };
  if (trimmed.length > max) return { problem: `${name} is ${trimmed.length} characters long; give at most ${max}.` };
  return { value: trimmed };
}

function scopeOf(fields: Fields, withTag: boolean): Read<ScopeInput> {
  const scope: Record<string, string> = {};
  for (const name of withTag ? ['version', 'language', 'tag'] : ['version', 'language']) {
    const read = text(fields, name, MAX_SCOPE_CHARS, false);
    if (read.problem) return read as Read<ScopeInput>;
    if (read.value !== undefined) scope[name] = read.value;
  }
  return { value: scope };
}

function fieldsOf(input: unknown): Fields | undefined {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Fields) : undefined;
}

/** Runs the readers in order: the first problem, or what they read. */
function read<T>(input: unknown, reader: (fields: Fields) => Read<T>): ToolInput<T> {
  const fields = fieldsOf(input);
  if (!fields) return { ok: false, problem: 'the input must be an object of the fields the tool describes.' };
  const { value, problem } = reader(fields);
  return problem !== undefined || value === undefined ? { ok: false, problem: problem ?? 'the input is empty.' } : { ok: true, value };
}

export function readSearchInput(input: unknown): ToolInput<SearchInput> {
  return read(input, (fields) => {
    const query = text(fields, 'query', MAX_QUERY_CHARS, true);
    if (query.problem !== undefined || query.value === undefined) return { problem: query.problem ?? 'give a query.' };
    const scope = scopeOf(fields, true);
    if (scope.problem !== undefined) return { problem: scope.problem };
    const count = fields.count;
    if (
      count !== undefined &&
      count !== null &&
      !(Number.isInteger(count) && (count as number) >= SEARCH_COUNT.min && (count as number) <= SEARCH_COUNT.max)
    )
      return { problem: `count must be a whole number from ${SEARCH_COUNT.min} to ${SEARCH_COUNT.max}.` };
    return { value: { query: query.value, scope: scope.value ?? {}, ...(typeof count === 'number' ? { pageSize: count } : {}) } };
  });
}

export function readPageInput(input: unknown): ToolInput<PageInput> {
  return read(input, (fields) => {
    const path = text(fields, 'path', MAX_PATH_INPUT_CHARS, true);
    if (path.problem !== undefined || path.value === undefined) return { problem: path.problem ?? 'give path.' };
    const heading = text(fields, 'heading', MAX_HEADING_CHARS, false);
    if (heading.problem !== undefined) return { problem: heading.problem };
    const offset = fields.offset;
    if (offset !== undefined && offset !== null && !(Number.isInteger(offset) && (offset as number) >= 0))
      return { problem: 'offset must be a whole number of characters, 0 or more.' };
    const start: PageStart = {
      ...(typeof offset === 'number' ? { offset } : {}),
      ...(heading.value !== undefined ? { heading: heading.value } : {}),
    };
    if (start.offset !== undefined && start.heading !== undefined) return { problem: 'give offset or heading, not both.' };
    return { value: { path: path.value, start } };
  });
}

export function readAskInput(input: unknown): ToolInput<AskInput> {
  return read(input, (fields) => {
    const question = text(fields, 'question', MAX_QUESTION_CHARS, true, false);
    if (question.problem !== undefined || question.value === undefined) return { problem: question.problem ?? 'give a question.' };
    const path = text(fields, 'path', MAX_PATH_INPUT_CHARS, false);
    const conversation = text(fields, 'conversation', MAX_SCOPE_CHARS, false);
    const scope = scopeOf(fields, false);
    const problem = path.problem ?? conversation.problem ?? scope.problem;
    if (problem !== undefined) return { problem };
    const code = fields.code;
    if (code !== undefined && code !== null && typeof code !== 'string') return { problem: 'code must be text.' };
    const given = typeof code === 'string' && code.trim() !== '' ? code : undefined;
    const cut = given !== undefined && given.length > MAX_SELECTION_CHARS;
    return {
      value: {
        question: question.value,
        scope: scope.value ?? {},
        ...(given !== undefined ? { code: cut ? given.slice(0, MAX_SELECTION_CHARS) : given } : {}),
        ...(cut ? { codeCutFrom: given.length } : {}),
        ...(path.value !== undefined ? { path: path.value } : {}),
        ...(conversation.value !== undefined ? { conversation: conversation.value } : {}),
      },
    };
  });
}

/**
 * An agent job's instruction, without what the user could not read in the question that asks them:
 * a character that draws as nothing is taken out (and counted), never sent.
 */
function instructionOf(fields: Fields): Read<InstructionInput> {
  const given = fields.instruction;
  const visible = typeof given === 'string' ? withoutInvisible(given) : { text: given, count: 0 };
  if (visible.count > 0 && String(visible.text).trim() === '')
    return { problem: 'the instruction holds only characters that show as nothing; give one the user can read.' };
  const instruction = textOf(visible.text, 'instruction', MAX_INSTRUCTION_CHARS, true, false);
  if (instruction.problem !== undefined || instruction.value === undefined)
    return { problem: instruction.problem ?? 'give an instruction.' };
  return { value: { instruction: instruction.value, invisible: visible.count } };
}

export function readStartJobInput(input: unknown): ToolInput<StartJobInput> {
  return read(input, (fields) => {
    const instruction = instructionOf(fields);
    if (instruction.problem !== undefined || instruction.value === undefined)
      return { problem: instruction.problem ?? 'give an instruction.' };
    const attach = fields.attach ?? [];
    if (!Array.isArray(attach) || !attach.every((item): item is Attachment => ATTACHMENTS.includes(item as Attachment)))
      return { problem: `attach must be a list of ${ATTACHMENTS.map((item) => `"${item}"`).join(', ')}.` };
    return { value: { ...instruction.value, attach: [...new Set(attach)] } };
  });
}

export function readJobInput(input: unknown): ToolInput<JobInput> {
  return read(input, (fields) => {
    const id = text(fields, 'id', MAX_SCOPE_CHARS, true);
    return id.problem !== undefined || id.value === undefined ? { problem: id.problem ?? 'give the job id.' } : { value: { id: id.value } };
  });
}

export function readFollowUpInput(input: unknown): ToolInput<FollowUpInput> {
  return read(input, (fields) => {
    const id = text(fields, 'id', MAX_SCOPE_CHARS, true);
    const instruction = instructionOf(fields);
    const problem = id.problem ?? instruction.problem;
    if (problem !== undefined || id.value === undefined || instruction.value === undefined)
      return { problem: problem ?? 'give the job id and the instruction.' };
    return { value: { id: id.value, ...instruction.value } };
  });
}

export interface SignalsInput {
  readonly kind: SignalKind;
  readonly days: Period;
  readonly count: number;
}

/** The signals' kinds, as a model names them. */
const SIGNAL_KINDS: Readonly<Record<string, SignalKind>> = { questions: 'question', searches: 'search', pages: 'page' };

export function readSignalsInput(input: unknown): ToolInput<SignalsInput> {
  return read(input, (fields) => {
    const kind = SIGNAL_KINDS[String(fields.kind)];
    if (!kind)
      return {
        problem: `kind must be one of ${Object.keys(SIGNAL_KINDS)
          .map((name) => `"${name}"`)
          .join(', ')}.`,
      };
    const days = fields.days ?? 30;
    if (!PERIODS.includes(days as Period)) return { problem: `days must be ${PERIODS.join(', ')}.` };
    const count = fields.count ?? 10;
    if (!(Number.isInteger(count) && (count as number) >= SEARCH_COUNT.min && (count as number) <= SEARCH_COUNT.max))
      return { problem: `count must be a whole number from ${SEARCH_COUNT.min} to ${SEARCH_COUNT.max}.` };
    return { value: { kind, days: days as Period, count: count as number } };
  });
}

export interface PreviewInput {
  readonly branch: string;
  /** A preview started before, to read rather than start. */
  readonly statusId?: string;
}

export function readPreviewInput(input: unknown): ToolInput<PreviewInput> {
  return read(input, (fields) => {
    const branch = text(fields, 'branch', MAX_SCOPE_CHARS * 2, true);
    if (branch.problem !== undefined || branch.value === undefined) return { problem: branch.problem ?? 'give branch.' };
    const statusId = text(fields, 'statusId', MAX_SCOPE_CHARS, false);
    if (statusId.problem !== undefined) return { problem: statusId.problem };
    return { value: { branch: branch.value, ...(statusId.value !== undefined ? { statusId: statusId.value } : {}) } };
  });
}

/**
 * The filter a call sends: the settings' (`docsAssistant.assistant.filter`), with the call's own
 * fields in place of theirs. Null when neither sets anything.
 */
export function filterFor(settings: SearchFilter | null, scope: ScopeInput): SearchFilter | null {
  const merged: Record<string, unknown> = { ...(settings ?? {}) };
  for (const [name, value] of Object.entries(scope)) if (value !== undefined) merged[name] = value;
  return Object.keys(merged).length === 0 ? null : merged;
}
