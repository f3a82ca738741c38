// GET /health: the service status, shown on the home page (environment of spec §9).
import type { Environment, SuccessEnvelope } from '@ipdesk/core';
import type { RequestResult } from './call';
import { request } from './request';

export interface HealthEnvelope extends SuccessEnvelope {
  data: { status: 'ok'; environment: Environment; database: 'pglite' | 'postgres' };
}

export function fetchHealth(): Promise<RequestResult<HealthEnvelope>> {
  return request<HealthEnvelope>({ url: '/health' });
}
