import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpMailSender } from './smtp.ts';

/**
 * A mail server on loopback that speaks as much SMTP (RFC 5321) as one plain message needs: it keeps what it was told,
 * and refuses the recipients `refuse` names with 550.
 */
async function smtpServer({ refuse = [] as string[] } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    let from = '';
    let to: string[] = [];
    let data: string | null = null;
    let buffered = '';
    const answer = (line: string) => socket.write(`${line}\r\n`);
    answer('220 test.localhost ESMTP');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            received.push({ from, to, data });
            data = null;
            answer('250 2.0.0 queued');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (command === 'EHLO' || command === 'HELO') answer('250 test.localhost');
        else if (command === 'MAIL') {
          from = address;
          to = [];
          answer('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          if (refuse.includes(address)) answer('550 5.1.1 no such mailbox');
          else {
            to.push(address);
            answer('250 2.1.5 ok');
          }
        } else if (command === 'DATA') {
          data = '';
          answer('354 end with <CRLF>.<CRLF>');
        } else if (command === 'QUIT') {
          answer('221 bye');
          socket.end();
        } else if (command === 'RSET') answer('250 ok');
        else answer('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  servers.push(server);
  return { url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const message = {
  to: 'aino.virtanen@example.fi',
  fromName: 'Lumo Energia Oy',
  subject: 'Lasku 2026-11',
  text: 'Uusi lasku on valmis.',
  html: '<p>Uusi lasku on valmis.</p>',
};

describe('smtpMailSender', () => {
  it('hands the message to the SMTP server from the site, with the company as the sender name', async () => {
    const server = await smtpServer();
    await smtpMailSender(server.url, 'noreply@lumo.example').send(message);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('noreply@lumo.example');
    expect(mail!.to).toEqual(['aino.virtanen@example.fi']);
    expect(mail!.data).toMatch(/^From: Lumo Energia Oy <noreply@lumo\.example>$/m);
    expect(mail!.data).toMatch(/^Subject: Lasku 2026-11$/m);
    expect(mail!.data).toContain('Uusi lasku on valmis.');
  });

  it('fails when the server refuses the recipient, so the mail job tries again later', async () => {
    const server = await smtpServer({ refuse: ['aino.virtanen@example.fi'] });
    await expect(smtpMailSender(server.url, 'noreply@lumo.example').send(message)).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });
});
