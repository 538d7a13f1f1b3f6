import formbody from '@fastify/formbody';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { DEFAULT_LOCALE } from '@portal/schema/locale-ids';
import type { DemoIdentity } from './demo-idp-types.ts';
import { acrOf, methodsFor, requiresTelecom } from './demo-idp-methods.ts';
import { renderChoicePage, renderMessagePage, type CountryChoice, type HtmlPage } from './demo-idp-page.ts';
import { interactionPath, MOUNT_PATH } from './demo-idp-provider.ts';
import { demoIdpLocale, demoIdpTexts } from './demo-idp-texts.ts';

type InteractionOptions = { provider: Provider; identities: DemoIdentity[]; formActions: string[] };
type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

const sendPage = (reply: FastifyReply, statusCode: number, { html, policy }: HtmlPage) =>
  reply
    .code(statusCode)
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);

function formField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The identity picker that stands in for the broker's login pages; the provider sends people here. */
export const demoIdpInteractions: FastifyPluginAsync<InteractionOptions> = async (app, options) => {
  const { provider, identities, formActions } = options;
  // Only this context parses forms, so the rest of the app keeps refusing content types it does not expect.
  await app.register(formbody);

  // The person sees these answers in the browser: pages, not the API's JSON errors.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode: given = 500 } = error;
    const statusCode = given >= 400 && given < 500 ? given : 500;
    if (statusCode === 500) request.log.error({ err: error }, 'demo e-ID interaction failed');
    const details =
      error instanceof errors.OIDCProviderError
        ? { error: error.error, error_description: error.error_description }
        : { error: statusCode === 500 ? 'server_error' : error.message };
    return sendPage(reply, statusCode, renderMessagePage({ locale: DEFAULT_LOCALE, details, formActions }));
  });

  const countries = [...new Set(identities.map((identity) => identity.countryCode))];
  const choicesFor = (telecomOnly: boolean): CountryChoice[] =>
    countries
      .map((country) => ({
        country,
        identities: identities.filter((identity) => identity.countryCode === country),
        methods: methodsFor(country, telecomOnly),
      }))
      .filter((choice) => choice.methods.length > 0);

  async function interactionOf(request: InteractionRequest, reply: FastifyReply) {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== request.params.uid) {
      throw new errors.SessionNotFound('interaction does not match the URL');
    }
    return interaction;
  }

  async function finish(request: InteractionRequest, reply: FastifyReply, result: InteractionResults) {
    // interactionResult rather than interactionFinished: Fastify then sends the same 303 itself, with the
    // app's headers and its error handling, instead of the provider writing to a hijacked response.
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  }

  app.get(`${MOUNT_PATH}/interaction/:uid`, async (request: InteractionRequest, reply) => {
    const { uid, params } = await interactionOf(request, reply);
    const page = renderChoicePage({
      locale: demoIdpLocale(params.ui_locales),
      interactionPath: interactionPath(uid),
      choices: choicesFor(requiresTelecom(params.acr_values)),
      formActions,
    });
    return sendPage(reply, 200, page);
  });

  app.post(`${MOUNT_PATH}/interaction/:uid/login`, async (request: InteractionRequest, reply) => {
    const { uid, params } = await interactionOf(request, reply);
    const identity = identities.find(({ ssn }) => ssn === formField(request.body, 'identity'));
    const requested = formField(request.body, 'method');
    const method = identity
      ? methodsFor(identity.countryCode, requiresTelecom(params.acr_values)).find((allowed) => allowed === requested)
      : undefined;
    if (!identity || !method) {
      const locale = demoIdpLocale(params.ui_locales);
      const message = demoIdpTexts(locale).invalidChoice;
      return sendPage(reply, 400, renderMessagePage({ locale, message, backHref: interactionPath(uid), formActions }));
    }
    return finish(request, reply, { login: { accountId: identity.ssn, amr: [method], acr: acrOf(method) } });
  });

  app.post(`${MOUNT_PATH}/interaction/:uid/abort`, async (request: InteractionRequest, reply) => {
    await interactionOf(request, reply);
    return finish(request, reply, { error: 'access_denied', error_description: 'The person cancelled' });
  });
};
