import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { smtpMailSender } from './smtp.ts';

type Received = { from: string; to: string[]; data: string };

/** A mail server on loopback (nodemailer's own `smtp-server`): it keeps what it is told and refuses the `refuse` recipients. */
async function mailServer({ refuse = [] as string[] } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse.includes(address.address) ? Object.assign(new Error('no such mailbox'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, received };
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
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
    const server = await mailServer();
    await smtpMailSender(server.url, 'noreply@lumo.example').send(message);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('noreply@lumo.example');
    expect(mail!.to).toEqual(['aino.virtanen@example.fi']);
    expect(mail!.data).toMatch(/^From: Lumo Energia Oy <noreply@lumo\.example>\r?$/m);
    expect(mail!.data).toMatch(/^Subject: Lasku 2026-11\r?$/m);
    expect(mail!.data).toContain('Uusi lasku on valmis.');
  });

  it('fails when the server refuses the recipient, so the mail job tries again later', async () => {
    const server = await mailServer({ refuse: ['aino.virtanen@example.fi'] });
    await expect(smtpMailSender(server.url, 'noreply@lumo.example').send(message)).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });
});
