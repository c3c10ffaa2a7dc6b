// A real OpenAI-compatible HTTP server for tests (chat completions, SSE streaming, tool calls): it
// stands in for Ollama, vLLM or OpenAI as the SMTP listener does for mail. Nothing in the app is
// mocked: the app's AI SDK client talks HTTP to it.
//
// Its script: a request offering tools and holding no tool result calls the first tool; a request
// holding a tool result answers "From the analysis:" and the result's text; any other request
// answers STREAMED_ANSWER. Text is streamed in small chunks `chunkDelayMs` apart. With `gated`, the
// first chunk goes at once and each further one waits for the test's `release()`: the stream stays
// open between chunks for as long as the test likes (a reply seen half-written, a node killed
// mid-answer). With `failWith`, every request is answered that HTTP status and an OpenAI-style error
// body instead (a wrong key, a model that is not there, an overloaded endpoint).
//
// `/v1/moderations` (OpenAI's moderation endpoint) flags any input holding MODERATION_MARKER, with
// the category `harassment`; `moderationFailWith` makes it answer that HTTP status instead.
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** What the server answers a request without tools. */
export const STREAMED_ANSWER =
  'Good question. Think about who pays the price, who gains, and what the data cannot tell you yet.';

/** A word the moderation endpoint flags wherever it appears in the input. */
export const MODERATION_MARKER = 'zorblax';

/** One request the server received. */
export interface ReceivedCompletion {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: unknown; tool_call_id?: string }>;
    tools?: Array<{ function: { name: string } }>;
  };
}

export interface TestOpenAiServer {
  /** The base URL (`…/v1`) for AI_BASE_URL. */
  url: string;
  requests: ReceivedCompletion[];
  /** The inputs the moderation endpoint was asked about, in order. */
  moderations: string[];
  /** Text chunks written so far, over all requests. */
  chunksSent(): number;
  /** Gated: lets `count` more chunks out (they go when a stream reaches them). */
  release(count?: number): void;
  /** Gated: lets every chunk out from now on (ungated). */
  releaseAll(): void;
  close(): Promise<void>;
}

/** Permits for a gated server's chunks: taken one per chunk, given by the test. */
class ChunkGate {
  #permits = 0;
  #open = false;
  #waiting: Array<() => void> = [];

  release(count: number): void {
    this.#permits += count;
    this.#wakeUp();
  }

  openForGood(): void {
    this.#open = true;
    this.#wakeUp();
  }

  async take(): Promise<void> {
    if (this.#open) return;
    if (this.#permits > 0) {
      this.#permits -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #wakeUp(): void {
    while (this.#waiting.length > 0 && (this.#open || this.#permits > 0)) {
      if (!this.#open) this.#permits -= 1;
      this.#waiting.shift()!();
    }
  }
}

const USAGE = { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 };

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) => {
        const value = part as { text?: string; output?: { value?: unknown } };
        return value.text ?? JSON.stringify(value.output?.value ?? value);
      })
      .join('');
  return JSON.stringify(content);
}

/** Starts the server on a free 127.0.0.1 port. */
export async function startTestOpenAiServer(
  options: {
    chunkDelayMs?: number;
    chunkSize?: number;
    gated?: boolean;
    failWith?: { status: number; message: string };
    /** The moderation endpoint answers this HTTP status (an outage) instead of a verdict. */
    moderationFailWith?: number;
    /** The answer to a request without tools, from the request (a model that reads its prompt). */
    answer?: (body: ReceivedCompletion['body']) => string;
  } = {},
): Promise<TestOpenAiServer> {
  const delay = options.chunkDelayMs ?? 60;
  const size = options.chunkSize ?? 8;
  const requests: ReceivedCompletion[] = [];
  const moderations: string[] = [];
  const gate = new ChunkGate();
  if (!options.gated) gate.openForGood();
  let sent = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'POST' && request.url?.endsWith('/moderations')) {
        const { input } = (await readJson(request)) as { input: string | string[] };
        const inputs = Array.isArray(input) ? input : [input];
        moderations.push(...inputs);
        if (options.moderationFailWith) {
          response.writeHead(options.moderationFailWith).end('{"error":{"message":"down"}}');
          return;
        }
        const results = inputs.map((text) => {
          const flagged = text.toLowerCase().includes(MODERATION_MARKER);
          return { flagged, categories: { harassment: flagged, violence: false } };
        });
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `modr-${moderations.length}`, model: 'test-mod', results }));
        return;
      }
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404).end();
        return;
      }
      const body = (await readJson(request)) as ReceivedCompletion['body'];
      requests.push({ authorization: request.headers.authorization, body });
      if (options.failWith) {
        const { status, message } = options.failWith;
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: null } }));
        return;
      }
      // Before the end is written, 'close' means the client went away (a node killed mid-answer).
      let gone = false;
      response.once('close', () => (gone = true));
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const base = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
      };
      const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
      const finish = (reason: string) => {
        send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: reason }] });
        send({ ...base, choices: [], usage: USAGE });
        response.end('data: [DONE]\n\n');
      };
      const toolResult = body.messages.find((message) => message.role === 'tool');
      const tool = body.tools?.[0]?.function.name;
      if (tool && !toolResult) {
        send({
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                role: 'assistant',
                tool_calls: [
                  {
                    index: 0,
                    id: 'call_1',
                    type: 'function',
                    function: { name: tool, arguments: '{}' },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        });
        finish('tool_calls');
        return;
      }
      const text = toolResult
        ? `From the analysis:\n${textOf(toolResult.content)}`
        : (options.answer?.(body) ?? STREAMED_ANSWER);
      for (let at = 0; at < text.length; at += size) {
        if (at > 0) await gate.take();
        if (gone) return;
        sent += 1;
        send({
          ...base,
          choices: [
            { index: 0, delta: { content: text.slice(at, at + size) }, finish_reason: null },
          ],
        });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      finish('stop');
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    moderations,
    chunksSent: () => sent,
    release: (count = 1) => gate.release(count),
    releaseAll: () => gate.openForGood(),
    close: () =>
      new Promise<void>((resolve) => {
        gate.openForGood();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
