import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsMessage, SmsSender } from './port.ts';

/**
 * The embedded default until a provider's adapter exists: each message is written as a small text file
 * (headers, a blank line, the text) to the outbox folder, where a developer reads what a phone would show.
 */
export function outboxSmsSender(outboxDir: string): SmsSender {
  return {
    async send(message: SmsMessage) {
      const sentAt = new Date().toISOString();
      await mkdir(outboxDir, { recursive: true });
      // A random tail keeps two messages to one number in the same millisecond apart.
      const file = `${sentAt.replace(/[:.]/g, '-')}-${message.to.replace(/\D/g, '')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(join(outboxDir, file), `From: ${message.from}\nTo: ${message.to}\nDate: ${sentAt}\n\n${message.text}`, 'utf8');
    },
  };
}

/** Every message in the outbox for a number, oldest first: what a developer (or a test) reads. */
export async function outboxSmsMessages(outboxDir: string, to: string): Promise<(SmsMessage & { sentAt: string })[]> {
  const suffix = `-${to.replace(/\D/g, '')}-`;
  const files = (await readdir(outboxDir).catch(() => [])).filter((file) => file.endsWith('.txt') && file.includes(suffix)).sort();
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(join(outboxDir, file), 'utf8');
      const blank = content.indexOf('\n\n');
      const headers = new Map(
        content
          .slice(0, blank)
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
      );
      return {
        from: headers.get('From') ?? '',
        to: headers.get('To') ?? '',
        sentAt: headers.get('Date') ?? '',
        text: content.slice(blank + 2),
      };
    }),
  );
}
