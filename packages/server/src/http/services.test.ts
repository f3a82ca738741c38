// Deny by default: a route of a service prefix that does not declare its access stops the boot.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessDeclaration, RouteDeclarationError } from './services.js';
import './context.js';

describe('route access declaration', () => {
  it('refuses a route without access', async () => {
    const app = Fastify();
    await expect(
      app
        .register(async (service) => {
          requireAccessDeclaration(service, []);
          service.get('/open', async () => 'x');
        })
        .ready(),
    ).rejects.toThrow(RouteDeclarationError);
    await app.close();
  });

  it('accepts a route that declares it', async () => {
    const app = Fastify();
    await app
      .register(async (service) => {
        requireAccessDeclaration(service, []);
        service.get('/open', { config: { access: 'public' } }, async () => 'x');
      })
      .ready();
    expect((await app.inject({ method: 'GET', url: '/open' })).body).toBe('x');
    await app.close();
  });
});
