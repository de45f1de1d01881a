import { allCalls, callName } from '@powerdeck/domain';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installSecurity } from '../../http/security';
import { registerApiDocsRoutes } from './api-docs.routes';
import { escapeHtml, renderReferencePage } from './reference-page';

describe('the API reference page', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it('GET /api/docs answers one HTML page with every call of the table, under the CSP and without script', async () => {
    await installSecurity(app, { publicOrigin: 'http://console.test' });
    registerApiDocsRoutes(app);
    const response = await app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const page = response.body;
    expect(page).not.toMatch(/<script/i);
    for (const call of allCalls()) {
      const path = `/data-svc/${call.area}/${call.script}`;
      const key = call.svc === null ? path : `${path}?svc=${call.svc}`;
      expect(page, callName(call)).toContain(`<code class="path">${escapeHtml(key)}</code>`);
    }
    const operations = allCalls().reduce((n, call) => n + call.methods.length, 0);
    expect(page.match(/<article class="call" id="op-/g)).toHaveLength(operations);
  });

  it('escapes the document’s strings: a `<` in a summary, a name or a schema is text, not markup', () => {
    const hostile = '<img src=x onerror="alert(1)"> & <b>';
    const page = renderReferencePage({
      info: { title: 'T', version: '1', description: hostile },
      paths: {
        '/data-svc/x/data-svc.php?svc=<i>': {
          get: {
            operationId: 'x.<i>',
            tags: ['<em>group</em>'],
            summary: `Answers ${hostile} \`<code-span>\``,
            description: hostile,
            parameters: [
              {
                name: '<p>',
                in: 'query',
                required: true,
                schema: { type: 'string', const: '<q>' },
              },
            ],
            responses: {
              '200': {
                description: hostile,
                content: { 'application/json': { schema: { description: '</pre><script>' } } },
              },
            },
          },
        },
      },
    });

    // the page's own markup uses none of these elements
    expect(page).not.toMatch(/<(img|b|i|em|q|script)[\s>]/);
    expect(page).not.toContain('</pre><script>');
    expect(page).toContain(
      'Answers &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;',
    );
    expect(page).toContain('<code>&lt;code-span&gt;</code>');
    expect(page).toContain('<code class="path">/data-svc/x/data-svc.php?svc=&lt;i&gt;</code>');
    expect(page).toContain('<td><code>&lt;p&gt;</code></td>');
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;');
  });
});
