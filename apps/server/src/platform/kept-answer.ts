import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the server compresses answers with, as the browser accepts, and from what size (app.ts's compress plugin). */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export const COMPRESS_FROM_BYTES = 1024;
/** Brotli's quality for answers made per request: 4, as the compress plugin's default (11 takes 50 times longer). */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

type Encoding = (typeof ANSWER_ENCODINGS)[number];

/**
 * A JSON answer encoded once and sent many times (the site, a customer's kept answers), with its compressed copies
 * made the first time a browser asks for each (docs/decisions/089). Compressed per send instead, a 3 KB answer
 * spent more time in brotli than in everything else its request did.
 */
export class KeptAnswer {
  private compressed: Partial<Record<Encoding, Buffer>> = {};

  readonly text: string;

  /** The text's size in UTF-8, as the compress plugin measures its threshold (Finnish, Latvian and Russian texts run longer than their length). */
  private readonly textBytes: number;

  constructor(text: string) {
    this.text = text;
    this.textBytes = Buffer.byteLength(text);
  }

  /** Bytes to count for it in a cache: the text and room for its compressed copies (a third of JSON's size or less). */
  get bytes(): number {
    return Math.ceil(this.textBytes * 1.5);
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.textBytes < COMPRESS_FROM_BYTES) return reply.serializer(() => this.text).send(this.text);
    // Nothing else on the API varies its answers (no CORS): the one name Vary needs.
    reply.header('vary', 'accept-encoding');
    const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', [...ANSWER_ENCODINGS]);
    if (!encoding) return reply.serializer(() => this.text).send(this.text);
    const body = (this.compressed[encoding] ??= encoding === 'br' ? brotliCompressSync(this.text, BROTLI_OPTIONS) : gzipSync(this.text));
    // Sent as it is: the compress plugin leaves an answer that already names its encoding alone.
    return reply.header('content-encoding', encoding).send(body);
  }
}
