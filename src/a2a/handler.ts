// The A2A request handler behind the SDK's JSON-RPC transport: SendMessage runs one skill (the
// catalog's operation of that name, src/catalog/) and answers with a Message whose data part is
// the operation's result. Nothing is kept between requests (no tasks, no streams, no push
// notifications), so any API process can answer any call (docs/decisions.md, "A2A endpoint").
//
// What a message asks for: its first data part {skill, input}, or else its text, which runs
// search_contractors with the text as q. Failures: a message that names no known skill, or an
// input the operation refuses (its REST 400), is a JSON-RPC Invalid params error (-32602); a
// server fault is an Internal error (-32603); any other refusal of the operation (404, 403, 409,
// 410, the verification lockout's 429) is the reply's data part {success: false, status, error,
// details?, retryAfter?}, the body REST answers (as MCP tool errors do).
import { randomUUID } from 'node:crypto';
import { AgentCard, Role, type Message, type Part, type SendMessageRequest, type Task } from '@a2a-js/sdk';
import {
  A2AError,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  TaskNotFoundError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext, User } from '@a2a-js/sdk/server';
import { CATALOG, operationByName } from '../catalog';
import type { Input, OperationContext } from '../catalog/operation';
import { toApiError } from '../errors';
import { agentCardV1 } from '../openapi/agent-card';

/** What every skill of one A2A request runs with: the operations' context, and the metrics' naming. */
export interface SkillContext extends OperationContext {
  /** Names the request's operation for the metrics (src/metrics/request-labels.ts). */
  nameOperation?: (skill: string) => void;
}

/** The skill a text message runs, with the text as its q. */
const TEXT_SKILL = 'search_contractors';
const KNOWN = `Known skills: ${CATALOG.map((op) => op.name).join(', ')}.`;

/** The A2A user of one request: carries that request's admitted caller and address to the skills. */
export class CallerUser implements User {
  constructor(readonly ctx: SkillContext) {}
  get isAuthenticated(): boolean {
    return this.ctx.caller.userId !== null;
  }
  get userName(): string {
    return this.ctx.caller.userId ?? '';
  }
}

const NO_TASKS = 'This agent answers each message with a message; it keeps no tasks.';
const isObject = (value: unknown): value is Input => typeof value === 'object' && value !== null && !Array.isArray(value);

function malformed(message: string, details?: string): A2AError {
  return new RequestMalformedError({ message, metadata: details === undefined ? { status: '400' } : { status: '400', details } });
}

/** The skill and input a message asks for (see the head of this file). */
export function requestOf(message: Message): { skill: string; input: Input } {
  const data = message.parts.find((p) => p.content?.$case === 'data')?.content?.value as unknown;
  if (data !== undefined) {
    if (!isObject(data) || typeof data.skill !== 'string') {
      throw malformed('A data part must be {"skill": "<skill id>", "input": {...}}', KNOWN);
    }
    const input = data.input ?? {};
    if (!isObject(input)) throw malformed(`The input of ${data.skill} must be an object`);
    return { skill: data.skill, input };
  }
  const text = message.parts
    .flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : []))
    .join(' ')
    .trim();
  if (text === '') throw malformed('The message has no text and no data part', KNOWN);
  return { skill: TEXT_SKILL, input: { q: text } };
}

function dataPart(value: unknown): Part {
  return { content: { $case: 'data', value }, mediaType: 'application/json', filename: '', metadata: undefined };
}

export class SkillRequestHandler implements A2ARequestHandler {
  private readonly card: AgentCard;

  constructor(base: string) {
    this.card = AgentCard.fromJSON(agentCardV1(base));
  }

  getAgentCard(): Promise<AgentCard> {
    return Promise.resolve(this.card);
  }

  async sendMessage({ message }: SendMessageRequest, context: ServerCallContext): Promise<Message | Task> {
    if (!message?.messageId) throw malformed('message.messageId is required');
    if (message.taskId) throw new TaskNotFoundError(`Task not found: ${message.taskId}. ${NO_TASKS}`);
    const user = context.user;
    if (!(user instanceof CallerUser)) throw new A2AError('The request was not admitted'); // mounting error: routes.ts sets it
    const { skill: id, input } = requestOf(message);
    user.ctx.nameOperation?.(id);
    const skill = operationByName.get(id);
    if (skill === undefined) throw malformed(`Unknown skill '${id}'`, KNOWN);
    let result: unknown;
    try {
      result = await skill.run(user.ctx, input);
    } catch (err) {
      result = refusal(err, user.ctx);
    }
    return {
      messageId: randomUUID(),
      contextId: message.contextId || randomUUID(),
      taskId: '',
      role: Role.ROLE_AGENT,
      parts: [dataPart(result)],
      metadata: { skill: id },
      extensions: [],
      referenceTaskIds: [],
    };
  }

  // Nothing below exists here: no tasks, no streaming (the card says so), no push notifications.
  // eslint-disable-next-line require-yield
  async *sendMessageStream(): AsyncGenerator<never> {
    throw new UnsupportedOperationError('Streaming is not supported: use SendMessage.');
  }
  // eslint-disable-next-line require-yield
  async *resubscribe(): AsyncGenerator<never> {
    throw new UnsupportedOperationError(NO_TASKS);
  }
  getTask(): Promise<never> {
    return Promise.reject(new TaskNotFoundError(NO_TASKS));
  }
  cancelTask(): Promise<never> {
    return Promise.reject(new TaskNotFoundError(NO_TASKS));
  }
  listTasks(): Promise<never> {
    return Promise.reject(new UnsupportedOperationError(NO_TASKS));
  }
  getAuthenticatedExtendedAgentCard(): Promise<never> {
    return Promise.reject(new UnsupportedOperationError('There is no extended agent card.'));
  }
  createTaskPushNotificationConfig(): Promise<never> {
    return Promise.reject(new PushNotificationNotSupportedError());
  }
  getTaskPushNotificationConfig(): Promise<never> {
    return Promise.reject(new PushNotificationNotSupportedError());
  }
  listTaskPushNotificationConfigs(): Promise<never> {
    return Promise.reject(new PushNotificationNotSupportedError());
  }
  deleteTaskPushNotificationConfig(): Promise<never> {
    return Promise.reject(new PushNotificationNotSupportedError());
  }
}

/** An operation's failure as the reply's data, or a JSON-RPC error (see the head of this file). */
function refusal(err: unknown, ctx: SkillContext): Input {
  const apiError = toApiError(err);
  if (apiError === null) {
    ctx.log.error({ err }, 'unexpected error in an A2A skill');
    throw new A2AError({ message: 'Internal server error', metadata: { status: '500' } });
  }
  const retryAfter = apiError.headers['Retry-After'];
  if (apiError.status === 400) throw malformed(apiError.message, apiError.details);
  if (apiError.status >= 500) {
    ctx.log.warn({ err }, 'database unavailable');
    throw new A2AError({
      message: apiError.message,
      metadata: { status: String(apiError.status), ...(retryAfter === undefined ? {} : { retryAfter }) },
    });
  }
  const body: Input = { success: false, status: apiError.status, error: apiError.message };
  if (apiError.details !== undefined) body.details = apiError.details;
  if (retryAfter !== undefined) body.retryAfter = Number(retryAfter);
  return body;
}
