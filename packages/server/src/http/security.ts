import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isCrossSiteRequest } from './cross-site';
import { forbidden, messages } from './errors';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Security headers on every answer, and the cross-site refusal of /data-svc/ requests
 * (see cross-site.ts for why SameSite=Lax is not enough here).
 */
export async function installSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // no inline script anywhere; the console is one bundled module
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine injects its CSS variables and component styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; sent when the public address is https
    strictTransportSecurity: options.publicOrigin.startsWith('https:')
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/data-svc/')) {
      done();
      return;
    }
    const crossSite = isCrossSiteRequest({
      secFetchSite: headerValue(request.headers['sec-fetch-site']),
      origin: headerValue(request.headers.origin),
      host: headerValue(request.headers.host),
      publicOrigin: options.publicOrigin,
    });
    if (crossSite) {
      request.log.warn(
        { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      done(forbidden(messages.crossSite));
      return;
    }
    done();
  });
}
