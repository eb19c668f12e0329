// The assistant request body, checked as the service's published schema describes it
// (shared/notes/real-world-api.md, "The request body…"). A body that breaks the schema is
// answered 400 with a `message` that names the field, so a client that sends one fails its tests.

export interface CheckedAssistantBody {
  /** The text of the last user message: what the assistant is asked. */
  readonly question: string;
  readonly context: readonly ContextItemBody[];
  readonly threadId?: string;
  readonly threadKey?: string;
  readonly retrievalPageSize: number;
  readonly filter?: { readonly version?: string };
  readonly currentPath?: string;
}

export interface ContextItemBody {
  readonly type: 'code' | 'textSelection';
  readonly value: string;
  readonly path?: string;
}

type Fields = Record<string, unknown>;

const ROLES = ['user', 'assistant', 'system'];
const CONTEXT_TYPES = ['code', 'textSelection'];

/** What each part type the schema allows must carry, as string fields. */
const PART_FIELDS: Readonly<Record<string, readonly string[]>> = {
  text: ['text'],
  reasoning: ['text'],
  'source-url': ['sourceId', 'url'],
  file: ['mediaType', 'url'],
  'step-start': [],
};

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The checked body, or the 400 message naming what is wrong. */
export function checkAssistantBody(body: unknown): CheckedAssistantBody | string {
  if (!isObject(body)) return 'The body must be a JSON object.';
  if (typeof body.fp !== 'string') return 'fp is required and must be a string.';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages is required and must be a non-empty array.';
  for (const [i, message] of body.messages.entries()) {
    const problem = messageProblem(message, `messages[${i}]`);
    if (problem) return problem;
  }
  if ('threadId' in body && typeof body.threadId !== 'string') return 'threadId must be a string when present.';
  if ('threadKey' in body && typeof body.threadKey !== 'string') return 'threadKey must be a string when present.';
  const size = body.retrievalPageSize ?? 5;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 50)
    return 'retrievalPageSize must be a whole number from 1 to 50.';
  if ('filter' in body) {
    const filter = body.filter;
    if (!isObject(filter)) return 'filter must be an object when present.';
    for (const field of ['version', 'language'] as const) {
      if (field in filter && typeof filter[field] !== 'string') return `filter.${field} must be a string.`;
    }
    if ('groups' in filter && !isStringArray(filter.groups)) return 'filter.groups must be an array of strings.';
  }
  if ('currentPath' in body && typeof body.currentPath !== 'string') return 'currentPath must be a string when present.';
  const context = body.context ?? [];
  if (!Array.isArray(context)) return 'context must be an array when present.';
  for (const [i, item] of context.entries()) {
    if (!isObject(item)) return `context[${i}] must be an object.`;
    if (!CONTEXT_TYPES.includes(item.type as string)) return `context[${i}].type is required and must be "code" or "textSelection".`;
    if (typeof item.value !== 'string') return `context[${i}].value is required and must be a string.`;
    for (const field of ['path', 'elementId'] as const) {
      if (field in item && typeof item[field] !== 'string') return `context[${i}].${field} must be a string.`;
    }
  }
  const last = body.messages[body.messages.length - 1] as { role: string; parts: Fields[] };
  if (last.role !== 'user') return 'The last message must be from the user.';
  const filter = isObject(body.filter) && typeof body.filter.version === 'string' ? { version: body.filter.version } : undefined;
  return {
    question: last.parts
      .filter((part) => part.type === 'text')
      .map((part) => part.text as string)
      .join('\n'),
    context: context as ContextItemBody[],
    retrievalPageSize: size,
    ...(typeof body.threadId === 'string' ? { threadId: body.threadId } : {}),
    ...(typeof body.threadKey === 'string' ? { threadKey: body.threadKey } : {}),
    ...(filter ? { filter } : {}),
    ...(typeof body.currentPath === 'string' ? { currentPath: body.currentPath } : {}),
  };
}

function messageProblem(message: unknown, where: string): string | undefined {
  if (!isObject(message)) return `${where} must be an object.`;
  if (typeof message.id !== 'string') return `${where}.id is required and must be a string.`;
  if (!ROLES.includes(message.role as string)) return `${where}.role must be "user", "assistant" or "system".`;
  if ('createdAt' in message && typeof message.createdAt !== 'string') return `${where}.createdAt must be a date-time string.`;
  if (!Array.isArray(message.parts)) return `${where}.parts is required and must be an array.`;
  for (const [j, part] of message.parts.entries()) {
    const at = `${where}.parts[${j}]`;
    if (!isObject(part)) return `${at} must be an object.`;
    const fields = typeof part.type === 'string' ? PART_FIELDS[part.type] : undefined;
    if (!fields || !Object.prototype.hasOwnProperty.call(PART_FIELDS, part.type as string)) {
      return `${at}.type ${JSON.stringify(part.type)} is not allowed: a part is text, reasoning, source-url, file or step-start.`;
    }
    for (const field of fields) if (typeof part[field] !== 'string') return `${at}.${field} is required and must be a string.`;
  }
  return undefined;
}
