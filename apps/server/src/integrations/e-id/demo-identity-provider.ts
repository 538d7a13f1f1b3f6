import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { demoIdpInteractions } from './demo-idp-interactions.ts';
import { formActionSources } from './demo-idp-page.ts';
import { createDemoProvider, MOUNT_PATH } from './demo-idp-provider.ts';
import type { DemoIdentityProviderOptions } from './demo-idp-types.ts';

/**
 * oidc-provider works out the path it is mounted at the Express way: `originalUrl` is the whole path,
 * `url` the rest below the mount point, `baseUrl` the mount point (lib/helpers/oidc_context.js urlFor).
 */
function mountedUrl(url: string): string {
  const rest = url.slice(MOUNT_PATH.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function mountProvider(app: FastifyInstance, provider: Provider) {
  const callback = provider.callback();
  // Fastify has already decided, by the app's trustProxy, which forwarding headers to believe; the provider
  // trusts exactly its verdict, so its URLs and its cookies' Secure flag follow the real protocol and host
  // (plain http on localhost gets cookies a browser keeps).
  provider.proxy = true;

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    const { raw } = request;
    // A hijacked reply skips Fastify's sending, where headers that hooks put on the reply are written.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    raw.headers['x-forwarded-proto'] = request.protocol;
    raw.headers['x-forwarded-host'] = request.host;
    raw.headers['x-forwarded-for'] = request.ip;
    Object.assign(raw, { originalUrl: raw.url, baseUrl: MOUNT_PATH });
    raw.url = mountedUrl(request.url);
    await callback(raw, reply.raw);
  }

  // The provider reads request bodies itself, so none may be consumed before it sees them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all(MOUNT_PATH, handle);
  app.all(`${MOUNT_PATH}/*`, handle);
}

/**
 * A local stand-in for the e-ID broker, for demo mode and tests: a real OpenID Connect provider at `/idp`
 * where a person picks a demo identity and an authentication method instead of really authenticating.
 */
export const demoIdentityProvider: FastifyPluginAsync<DemoIdentityProviderOptions> = async (app, options) => {
  if (new URL(options.issuer).pathname.replace(/\/$/, '') !== MOUNT_PATH) {
    throw new Error(`The demo e-ID issuer must end in ${MOUNT_PATH}, where the service is served: ${options.issuer}`);
  }
  if (options.cookieKeys.length === 0) throw new Error('The demo e-ID service needs at least one cookie key');

  const formActions = formActionSources(options.clients.flatMap((client) => client.redirectUris));
  const provider = await createDemoProvider(options, formActions);
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'demo e-ID provider failed'));

  await app.register(async (mount) => mountProvider(mount, provider));
  await app.register(demoIdpInteractions, { provider, identities: options.identities, formActions });
};
