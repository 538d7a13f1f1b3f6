import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, KeptAnswer } from './kept-answer.ts';

async function served(text: string, acceptEncoding: string) {
  const app = Fastify();
  const answer = new KeptAnswer(text);
  app.get('/kept', (request, reply) => answer.send(request, reply));
  try {
    return await app.inject({ method: 'GET', url: '/kept', headers: { 'accept-encoding': acceptEncoding } });
  } finally {
    await app.close();
  }
}

describe('a kept answer', () => {
  it('is compressed from the threshold in bytes, as the compress plugin counts, not in characters', async () => {
    // 600 Cyrillic letters: fewer characters than the threshold, twice as many bytes in UTF-8.
    const russian = JSON.stringify({ text: 'я'.repeat(600) });
    expect(russian.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const response = await served(russian, 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(russian);
  });

  it('goes as it is below the threshold', async () => {
    const short = JSON.stringify({ text: 'a'.repeat(100) });
    const response = await served(short, 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(short);
  });
});
