// The pages the gateway's errors link to ("Get one at …/signup/", "Contact us at …/contact/"): how
// keys are issued on this deployment. There is no sign-up form: the operator makes each key with
// `npm run keys` and hands it over once. With PUBLIC_URL set, the links point at PUBLIC_URL's own
// /signup/ and /contact/ instead (an operator's portal, or this server behind a proxy).
import { Router, type Response } from 'express';
import type { LimitSettings } from '../gateway/index.ts';
import { CONTENT_SECURITY_POLICY } from './page.ts';

export interface KeyPagesOptions {
  demoKey: boolean;
  demoLimits: LimitSettings;
  keyLimits: LimitSettings;
}

const count = (n: number) => n.toLocaleString('en-US');

function page(title: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8">',
    '    <meta name="viewport" content="width=device-width, initial-scale=1">',
    `    <title>${title}</title>`,
    '    <link rel="stylesheet" href="/web/style.css">',
    '  </head>',
    '  <body>',
    '    <main>',
    `      <h1>${title}</h1>`,
    ...paragraphs.map((paragraph) => `      <p>${paragraph}</p>`),
    '      <p><a href="/">The API reference and its examples</a></p>',
    '    </main>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

function demoKeyParagraph({ demoKey, demoLimits }: KeyPagesOptions): string {
  return demoKey
    ? `Until you have a key, <code>DEMO_KEY</code> works on every endpoint, with ${count(demoLimits.hourly)} requests an hour and ${count(demoLimits.daily)} a day per client address.`
    : '<code>DEMO_KEY</code> is switched off on this deployment.';
}

function signupPage(options: KeyPagesOptions): string {
  return page('API keys on this deployment', [
    'This server is a self-hosted deployment of nrel-compat, not NREL’s developer network: keys of developer.nrel.gov do not work here, and keys of this server work nowhere else.',
    'There is no sign-up form. The operator of this deployment issues each key (<code>npm run keys -- create --email ADDRESS</code>) and hands it to its user once; only its hash is stored. Ask whoever gave you this server’s address for one.',
    demoKeyParagraph(options),
    `A key may make ${count(options.keyLimits.hourly)} requests an hour on every endpoint and ${count(options.keyLimits.daily)} a day on the fuel-station endpoints, unless the operator gave it limits of its own. Send it as the <code>X-Api-Key</code> header, the <code>api_key</code> parameter, or the user name of HTTP basic authentication.`,
  ]);
}

function contactPage(options: KeyPagesOptions): string {
  return page('Contact', [
    'This deployment is run by its operator, not by NREL, whose support cannot help with it. For a key, higher limits, or a key that was disabled, ask whoever gave you this server’s address.',
    'Operators: <code>npm run keys -- list</code> shows every key (never the key itself), <code>enable KEY</code> and <code>disable KEY</code> switch one, <code>limits KEY --hourly N --daily N</code> changes its limits; the server picks every change up within a second.',
    demoKeyParagraph(options),
  ]);
}

export function keyPageRoutes(options: KeyPagesOptions): Router {
  const router = Router();
  const send = (res: Response, html: string) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('Cache-Control', 'no-cache');
    res.end(html);
  };
  router.get('/signup', (_req, res) => send(res, signupPage(options)));
  router.get('/contact', (_req, res) => send(res, contactPage(options)));
  return router;
}
